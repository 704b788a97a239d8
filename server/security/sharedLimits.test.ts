// Two server instances (each its own connections, as two processes have) on one database or one Redis:
// a client or an account limited on one is limited on the other.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import { createMailer } from '../mail/mailer';
import { LIMITS } from './limits';
import { createRateLimiter, type RateLimiterHandle } from './createRateLimiter';
import type { RateLimiter } from './rateLimiter';
import {
  createSharedDatabase,
  redisAvailable,
  startTestRedis,
  type SharedDatabase,
  type TestRedis,
} from '../test/sharedStores';
import { SqlRateLimiter } from './sqlRateLimiter';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-shared-limits-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function instance(db: Db, rateLimiter: RateLimiter): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-static') });
  const mailer = createMailer({ from: config.mailFrom }, pino({ level: 'silent' }));
  // These instances only count: any key of the right size serves.
  const serverKey = crypto.randomBytes(32);
  const app = await buildApp(
    { config, db, mailer, now: () => new Date(), rateLimiter, serverKey },
    { logger: false },
  );
  await app.ready();
  return app;
}

let counter = 0;
const unique = () => `${process.pid}-${(counter += 1)}`;

function login(app: FastifyInstance, email: string, ip: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Wrong1!password' },
    remoteAddress: ip,
  });
}

/** Both instances see every hit of the other: per account (failed sign-ins) and per client (a route). */
function sharesCounters(pair: () => [FastifyInstance, FastifyInstance]) {
  it('limits an account and address after failed sign-ins spread over both instances', async () => {
    const [one, two] = pair();
    const email = `nobody-${unique()}@example.com`;
    const ip = `10.9.${counter % 250}.1`;
    for (let i = 0; i < LIMITS.loginFailures.limit; i += 1) {
      const res = await login(i % 2 ? one : two, email, ip);
      expect(res.statusCode).toBe(401);
    }
    for (const app of [one, two]) {
      const limited = await login(app, email, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // Another address is still heard.
    expect((await login(one, email, `10.8.${counter % 250}.1`)).statusCode).toBe(401);
  });

  it('limits a client whose requests are spread over both instances', async () => {
    const [one, two] = pair();
    const ip = `10.7.${(counter += 1) % 250}.${counter % 250}`;
    // An invalid registration is cheap and still counts against the client.
    const bad = {
      firstName: '',
      lastName: 'X',
      email: `c-${unique()}@example.com`,
      password: 'x',
      masterPassword: 'y',
    };
    const register = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/auth/register', payload: bad, remoteAddress: ip });
    for (let i = 0; i < LIMITS.requestsPerAddress.limit; i += 1) {
      expect((await register(i % 2 ? one : two)).statusCode).toBe(400);
    }
    for (const app of [one, two]) {
      const limited = await register(app);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
  });
}

describe('two instances on one database (no Redis)', () => {
  let store: SharedDatabase;
  let apps: [FastifyInstance, FastifyInstance];
  const handles: RateLimiterHandle[] = [];
  beforeAll(async () => {
    store = await createSharedDatabase();
    const limiter = async (db: Db): Promise<RateLimiter> => {
      // On PostgreSQL, exactly what main.ts does; on SQLite (one process in production) the same store.
      if (!store.databaseUrl) return new SqlRateLimiter(db);
      const handle = await createRateLimiter({ databaseUrl: store.databaseUrl }, { db });
      expect(handle.store).toBe('database');
      handles.push(handle);
      return handle.limiter;
    };
    const [dbOne, dbTwo] = [store.open(), store.open()];
    apps = [await instance(dbOne, await limiter(dbOne)), await instance(dbTwo, await limiter(dbTwo))];
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await store.close();
  });

  sharesCounters(() => apps);
});

(redisAvailable ? describe : describe.skip)('two instances on one Redis', () => {
  let redis: TestRedis;
  let store: SharedDatabase;
  let apps: [FastifyInstance, FastifyInstance];
  const handles: RateLimiterHandle[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
    store = await createSharedDatabase();
    const redisPrefix = redis.prefix();
    const limiter = async (db: Db) => {
      const handle = await createRateLimiter(
        { redisUrl: redis.url, databaseUrl: store.databaseUrl },
        { db, redisPrefix },
      );
      expect(handle.store).toBe('redis');
      handles.push(handle);
      return handle.limiter;
    };
    const [dbOne, dbTwo] = [store.open(), store.open()];
    apps = [await instance(dbOne, await limiter(dbOne)), await instance(dbTwo, await limiter(dbTwo))];
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await store.close();
    await redis.close();
  });

  sharesCounters(() => apps);
});

describe('createRateLimiter', () => {
  let store: SharedDatabase;
  beforeAll(async () => {
    store = await createSharedDatabase();
  });
  afterAll(() => store.close());

  it('keeps the counters in memory without DATABASE_URL or REDIS_URL', async () => {
    const handle = await createRateLimiter({}, { db: store.open() });
    expect(handle.store).toBe('memory');
    await handle.close();
  });

  it('keeps them in the database with DATABASE_URL', async () => {
    const handle = await createRateLimiter(
      { databaseUrl: 'postgres://db.invalid/vault' },
      { db: store.open() },
    );
    expect(handle.store).toBe('database');
    expect(handle.limiter).toBeInstanceOf(SqlRateLimiter);
  });

  it('refuses to start when REDIS_URL does not answer, naming the URL without its password', async () => {
    await expect(
      createRateLimiter({ redisUrl: 'redis://user:s3cret@127.0.0.1:1/0' }, { db: store.open() }),
    ).rejects.toThrow(/^Cannot connect to REDIS_URL redis:\/\/user:\*\*\*@127\.0\.0\.1:1\/0: /);
    await expect(
      createRateLimiter({ redisUrl: 'redis://user:s3cret@127.0.0.1:1/0' }, { db: store.open() }),
    ).rejects.not.toThrow(/s3cret/);
  });
});
