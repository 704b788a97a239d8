// `npm run backup -- FILE`: a consistent copy of the SQLite database, safe while the server runs
// (SQLite's online backup API copies a snapshot page by page without stopping writers for long).
import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from './config';
import { SERVER_KEY_FILE } from './crypto/serverKey';

/** Copies `source` into the new, empty file `destination`; checks the copy. */
async function copyDatabase(source: string, destination: string): Promise<void> {
  // Not read-only: a read-only connection would leave vault.db-wal and vault.db-shm behind (owned by
  // whoever ran the backup) when the server is stopped. The backup itself only reads.
  const db = new SQLite(source, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  // The copy is one self-contained file: no -wal or -shm beside it.
  const check = new SQLite(destination, { fileMustExist: true });
  let integrity: unknown;
  try {
    check.pragma('journal_mode = DELETE');
    integrity = check.pragma('integrity_check', { simple: true });
  } finally {
    check.close();
  }
  if (integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${String(integrity)}`);
}

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
  // Created here, exclusively and readable by its owner only: it holds password hashes, encrypted vaults
  // and the key of the two-factor secrets.
  try {
    fs.closeSync(fs.openSync(destination, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new ConfigError(`${destination} exists already: choose a new file name`);
    }
    throw error;
  }
  try {
    await copyDatabase(source, destination);
  } catch (error) {
    // A failed copy must not pass for a backup.
    fs.rmSync(destination, { force: true });
    throw error;
  }
  console.log(`backed up ${source} to ${destination}`);
  const keyPlace = config.serverKey ? 'SERVER_KEY' : path.join(config.dataDir, SERVER_KEY_FILE);
  console.log(
    [
      `Not in the backup: the server key (${keyPlace}), which encrypts two-factor secrets and recovery codes.`,
      'It is kept apart from the database on purpose: a stolen backup alone opens no two-factor secret.',
      'Keep a copy of the key somewhere else safe (a password manager, an offline medium); restoring a',
      'backup without it leaves every account with two-factor on unable to sign in.',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
