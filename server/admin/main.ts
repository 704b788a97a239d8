// npm run admin -- <command>: the administrator's command line, on the server's own configuration
// (the same environment: DATABASE_URL or DATA_DIR, SERVER_KEY, SMTP_URL, PUBLIC_URL).
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config';
import type { AppContext } from '../context';
import { createDatabase } from '../db/database';
import { createMailer } from '../mail/mailer';
import { InMemoryRateLimiter } from '../security/rateLimiter';
import { prepareDatabase } from '../startup';
import { OperatorError, runCommand } from './commands';

async function main(argv: string[]): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const log = pino({ level: 'warn' });
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'vault.db'),
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  try {
    const serverKey = await prepareDatabase(config, db);
    const ctx: AppContext = {
      config,
      db,
      mailer,
      now: () => new Date(),
      rateLimiter: new InMemoryRateLimiter(() => Date.now()),
      serverKey,
    };
    const output = await runCommand(ctx, argv);
    process.stdout.write(`${output.lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof OperatorError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`Failed: ${(error as Error).message}\n`);
    return 2;
  } finally {
    await mailer.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
