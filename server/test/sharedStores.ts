// Test helpers: one database (a fresh SQLite file, or a fresh schema of TEST_DATABASE_URL in the
// server-postgres project) that several "processes" open with their own connections, and a Redis
// (TEST_REDIS_URL, or a redis-server started here when the binary is installed).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabaseLocation } from './testDatabase';

export interface SharedDatabase {
  /** postgres://… with the test schema, or undefined on SQLite. */
  databaseUrl?: string;
  /** A new, independent connection (pool) to the same database, migrated. */
  open(): Db;
  close(): Promise<void>;
}

export async function createSharedDatabase(): Promise<SharedDatabase> {
  const location = await createTestDatabaseLocation('passvault-shared');
  const { databaseUrl, sqliteFile } = location;
  const opened: Db[] = [];
  const first = createDatabase({ databaseUrl, sqliteFile });
  opened.push(first);
  await migrateToLatest(first);
  return {
    databaseUrl,
    open() {
      const db = createDatabase({ databaseUrl, sqliteFile });
      opened.push(db);
      return db;
    },
    async close() {
      await Promise.all(opened.map((db) => db.destroy().catch(() => undefined)));
      await location.remove();
    },
  };
}

/** Whether a Redis is at hand: TEST_REDIS_URL, or redis-server on the PATH. */
export const redisAvailable =
  Boolean(process.env.TEST_REDIS_URL) || spawnSync('redis-server', ['--version']).status === 0;

export interface TestRedis {
  url: string;
  /** A fresh key prefix: tests sharing one Redis never see each other's counters. */
  prefix(): string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** True once the server answers PING on `port` (a plain socket: nothing is left behind on failure). */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForRedis(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await pings(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startTestRedis(): Promise<TestRedis> {
  const prefix = () => `passvault-test:${crypto.randomBytes(6).toString('hex')}:`;
  if (process.env.TEST_REDIS_URL) {
    return { url: process.env.TEST_REDIS_URL, prefix, close: async () => {} };
  }
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitForRedis(port, child);
  return {
    url,
    prefix,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
