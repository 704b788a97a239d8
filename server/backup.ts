// `npm run backup -- FILE`: a consistent copy of the SQLite database, safe while the server runs
// (SQLite's online backup API copies a snapshot page by page without stopping writers for long).
import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new ConfigError('usage: npm run backup -- FILE');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, "Backups")');
  }
  const source = path.join(config.dataDir, 'vault.db');
  if (!fs.existsSync(source)) throw new ConfigError(`no database at ${source} (is DATA_DIR right?)`);
  const destination = path.resolve(target);
  if (fs.existsSync(destination))
    throw new ConfigError(`${destination} exists already: choose a new file name`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  const check = new SQLite(destination, { readonly: true });
  const integrity = check.pragma('integrity_check', { simple: true });
  check.close();
  if (integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${String(integrity)}`);
  console.log(`backed up ${source} to ${destination}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
