// The real app on a real database (a fresh SQLite file, or a fresh schema of TEST_DATABASE_URL)
// with real mail to an SMTP server started by the test.
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import { createDatabase, type Db } from '../db/database';
import { createMailer } from '../mail/mailer';
import { loggerOptions, REDACT_PATHS } from '../logger';
import { InMemoryRateLimiter } from '../security/rateLimiter';
import { prepareDatabase } from '../startup';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';
import { createTestDatabaseLocation } from './testDatabase';

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
  const location = await createTestDatabaseLocation('passvault-test');
  const { dir, databaseUrl, sqliteFile } = location;
  const smtp = await startSmtpServer();
  const config: Config = {
    ...loadConfig({ DATA_DIR: dir, STATIC_DIR: path.join(dir, 'no-static'), ...options.env }),
    databaseUrl,
    smtpUrl: smtp.url,
  };
  const db = createDatabase({ databaseUrl, sqliteFile });
  const serverKey = await prepareDatabase(config, db);

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
  const ctx: AppContext = { config, db, mailer, now: clock.now, rateLimiter, serverKey };
  const app = await buildApp(ctx, { logger: loggerOptions('info', stream) });
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
      await location.remove();
    },
  };
}
