// The real app on a real database (a fresh SQLite file, or a fresh schema of TEST_DATABASE_URL)
// with real mail to an SMTP server started by the test.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createMailer } from '../mail/mailer';
import { REDACT_PATHS } from '../logger';
import { InMemoryRateLimiter } from '../security/rateLimiter';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  smtp: TestSmtpServer;
  clock: TestClock;
  /** Everything the server logged, one JSON line each. */
  logLines: string[];
  /** The database file when running on SQLite. */
  sqliteFile?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
}

function makeClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-test-'));
  // The server-postgres Jest project sets this global; the plain server project runs on SQLite.
  const onPostgres = (globalThis as { __TEST_DATABASE__?: string }).__TEST_DATABASE__ === 'postgres';
  const pgUrl = onPostgres ? process.env.TEST_DATABASE_URL : undefined;
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    const admin = createDatabase({ databaseUrl: pgUrl, sqliteFile: '' });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  const smtp = await startSmtpServer();
  const config: Config = {
    ...loadConfig({ DATA_DIR: dir, STATIC_DIR: path.join(dir, 'no-static'), ...options.env }),
    databaseUrl,
    smtpUrl: smtp.url,
  };
  const sqliteFile = path.join(dir, 'vault.db');
  const db = createDatabase({ databaseUrl, sqliteFile });
  await migrateToLatest(db);

  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
  const clock = makeClock();
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom }, logger);
  const rateLimiter = new InMemoryRateLimiter(() => clock.now().getTime());
  const ctx: AppContext = { config, db, mailer, now: clock.now, rateLimiter };
  const app = await buildApp(ctx, {
    logger: { level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' }, stream },
  });
  await app.ready();

  return {
    app,
    ctx,
    db,
    smtp,
    clock,
    logLines,
    sqliteFile: databaseUrl ? undefined : sqliteFile,
    async close() {
      await app.close();
      await mailer.close();
      await smtp.close();
      await db.destroy();
      if (pgUrl) {
        const admin = createDatabase({ databaseUrl: pgUrl, sqliteFile: '' });
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
        await admin.destroy();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
