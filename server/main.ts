// The server program: config -> database (migrated) -> mailer -> app -> listen. SIGTERM/SIGINT close it all.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { createDatabase } from './db/database';
import { REDACT_PATHS } from './logger';
import { tuneHeap } from './heap';
import { createMailer } from './mail/mailer';
import { createRateLimiter, type RateLimiterHandle } from './security/createRateLimiter';
import { prepareDatabase } from './startup';
import { closeWorkerPool } from './workers/workerPool';

/** How long a shutdown may take before the process gives up on draining. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The configuration, or one clear line on stderr and exit code 1. */
export function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

function urlOf(address: AddressInfo | string | null, config: Config): string {
  if (!address || typeof address === 'string')
    return `http://${config.host}:${config.port}${config.basePath}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${config.basePath}`;
}

export async function main(config: Config = readConfig()): Promise<void> {
  tuneHeap();
  const log = pino({ level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });

  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'vault.db'),
    checkpointInBackground: true,
  });
  let serverKey: Buffer;
  try {
    serverKey = await prepareDatabase(config, db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    fail((error as Error).message);
  }

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  if (!config.smtpUrl) log.info('SMTP_URL is not set: mails (and their codes) are written to this log');
  let rateLimits: RateLimiterHandle;
  try {
    rateLimits = await createRateLimiter(config, {
      db,
      onError: (error) => log.error({ err: { message: error.message } }, 'rate-limit store failed'),
    });
  } catch (error) {
    await mailer.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    fail((error as Error).message);
  }
  log.info(
    `Rate-limit counters are kept in ${rateLimits.store === 'memory' ? 'memory (one process)' : rateLimits.store}`,
  );
  const ctx: AppContext = {
    config,
    db,
    mailer,
    now: () => new Date(),
    rateLimiter: rateLimits.limiter,
    serverKey,
  };
  const app = await buildApp(ctx);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting\n');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      // Running requests finish first: an import still on a worker thread needs it.
      await app.close();
      await closeWorkerPool();
      await mailer.close();
      await rateLimits.close();
      await db.destroy();
    } catch (error) {
      app.log.error({ err: { message: (error as Error).message } }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => undefined);
    await mailer.close().catch(() => undefined);
    await rateLimits.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    fail(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  app.log.info(`PassVault is running at ${urlOf(app.server.address(), config)}`);
}

// `tsx server/main.ts` runs it; `server/start.ts` imports it after building the browser app.
if (require.main === module) {
  main().catch((error: unknown) => fail(`Start-up failed: ${(error as Error).message}`));
}
