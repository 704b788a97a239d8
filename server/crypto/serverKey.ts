// The server's own key: AES-256-GCM for the secrets the server must read back (TOTP secrets) and the
// HMAC key of recovery codes. It never lives in the database it protects: it comes from SERVER_KEY, or
// from DATA_DIR/server.key (mode 0600), created at the first start. So a copy of the database alone (a
// backup, a dump) reveals no TOTP secret and allows no offline guessing of recovery codes.
//
// The database keeps only a fingerprint (an HMAC of a fixed text under the key), so that a process
// started with another key refuses to start instead of failing on every two-factor sign-in.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '../db/database';

export const KEY_BYTES = 32;
export const SERVER_KEY_FILE = 'server.key';
/** Where versions before this one kept the key: the database itself. Moved out at start-up. */
export const LEGACY_KEY_NAME = 'field-encryption-key-v1';
const CHECK_NAME = 'server-key-check-v1';

export class ServerKeyError extends Error {}

export function fingerprint(key: Buffer): string {
  return crypto.createHmac('sha256', key).update('passvault:server-key-check').digest('base64');
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new ServerKeyError(`${file} does not hold a ${KEY_BYTES}-byte key in base64`);
  }
  // Readable by the server's user only, whatever an operator's copy left it at.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return key;
}

/**
 * Writes `key` to `file` unless the file exists (mode 0600, complete before anyone can read it:
 * written aside, then linked into place, which fails when another process linked its own first).
 * Answers the key now in the file.
 */
function writeKeyFileOnce(file: string, key: Buffer): Buffer {
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  const fd = fs.openSync(aside, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, `${key.toString('base64')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return readKeyFile(file);
}

async function legacyKey(db: Db): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', LEGACY_KEY_NAME)
    .executeTakeFirst();
  return row ? Buffer.from(row.value, 'base64') : undefined;
}

export interface ServerKeySource {
  /** SERVER_KEY from the environment, when set. */
  configured?: Buffer;
  dataDir: string;
}

/**
 * The server key: SERVER_KEY, else DATA_DIR/server.key. Where neither exists yet, an install that kept
 * its key in the database gets that key written to the file (so nothing needs re-encrypting); a new
 * install gets a random one.
 */
export async function loadServerKey(db: Db, source: ServerKeySource): Promise<Buffer> {
  if (source.configured) return source.configured;
  const file = path.join(source.dataDir, SERVER_KEY_FILE);
  if (fs.existsSync(file)) return readKeyFile(file);
  return writeKeyFileOnce(file, (await legacyKey(db)) ?? crypto.randomBytes(KEY_BYTES));
}

/** What must be re-encrypted when a key that lived in the database is replaced by another one. */
export type Reseal = (trx: Db, from: Buffer, to: Buffer) => Promise<void>;

/**
 * Makes `key` the database's server key: takes the old copy out of the database (re-encrypting with
 * `reseal` what it protected when the keys differ) and records the key's fingerprint, in one
 * transaction. Throws ServerKeyError when the database was set up with another key.
 */
export async function adoptServerKey(db: Db, key: Buffer, reseal: Reseal): Promise<void> {
  const movedOut = await db.transaction().execute(async (trx) => {
    // Deleting the row claims it: of several processes starting together, one re-encrypts.
    const legacy = await trx
      .deleteFrom('server_secrets')
      .where('name', '=', LEGACY_KEY_NAME)
      .returning('value')
      .executeTakeFirst();
    const previous = legacy ? Buffer.from(legacy.value, 'base64') : undefined;
    if (previous && !previous.equals(key)) await reseal(trx, previous, key);
    if (previous) {
      await trx.deleteFrom('server_secrets').where('name', '=', CHECK_NAME).execute();
    }
    await trx
      .insertInto('server_secrets')
      .values({ name: CHECK_NAME, value: fingerprint(key) })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const stored = await trx
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', CHECK_NAME)
      .executeTakeFirstOrThrow();
    if (stored.value !== fingerprint(key)) {
      throw new ServerKeyError(
        'The server key does not match the one this database was set up with: give every server process the same SERVER_KEY (or the same DATA_DIR/server.key)',
      );
    }
    return previous !== undefined;
  });
  // SQLite keeps deleted pages until they are reused: the old key must not stay in the file.
  if (movedOut && db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`vacuum`.execute(db);
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
}

export { openWithServerKey, sealWithServerKey } from './sealedText';

/** HMAC-SHA256 under the server key: a stored hash that a copy of the database alone cannot test guesses against. */
export function keyedHash(key: Buffer, value: string): string {
  return crypto.createHmac('sha256', key).update(value, 'utf8').digest('hex');
}
