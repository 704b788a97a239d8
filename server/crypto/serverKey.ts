// The server's own key: AES-256-GCM for secrets the server must read back (TOTP secrets). It lives in
// the database (table server_secrets) so it survives restarts and every process on one PostgreSQL
// shares it. The first process to need it creates it; the others read the same row.
import crypto from 'node:crypto';
import type { Db } from '../db/database';
import { open, seal } from './aead';

const KEY_NAME = 'field-encryption-key-v1';
const KEY_BYTES = 32;

// One read per database handle: the key never changes once written.
const cache = new WeakMap<Db, Promise<Buffer>>();

async function loadOrCreate(db: Db): Promise<Buffer> {
  // Insert-if-absent, then read: when several processes race, exactly one insert wins and all read it.
  await db
    .insertInto('server_secrets')
    .values({ name: KEY_NAME, value: crypto.randomBytes(KEY_BYTES).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', KEY_NAME)
    .executeTakeFirstOrThrow();
  const key = Buffer.from(row.value, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`server_secrets.${KEY_NAME} is not a ${KEY_BYTES}-byte key`);
  return key;
}

/** The server key of this database, created on first use. */
export function serverKey(db: Db): Promise<Buffer> {
  let key = cache.get(db);
  if (!key) {
    key = loadOrCreate(db);
    // A failed read (database down) is not remembered: the next call tries again.
    key.catch(() => cache.delete(db));
    cache.set(db, key);
  }
  return key;
}

/** Encrypts `plaintext` with the server key; `aad` binds it to its place (e.g. the owner's id). */
export async function sealWithServerKey(db: Db, plaintext: string, aad: string): Promise<string> {
  return seal(await serverKey(db), Buffer.from(plaintext, 'utf8'), aad);
}

/** The plaintext, or null when the ciphertext was not sealed with this key and `aad`. */
export async function openWithServerKey(db: Db, sealed: string, aad: string): Promise<string | null> {
  const plain = open(await serverKey(db), sealed, aad);
  return plain === null ? null : plain.toString('utf8');
}
