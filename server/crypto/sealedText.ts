// Text sealed with AES-256-GCM under a key and bound to its place by the AAD: an entry's secrets under
// the vault key, what lists show of custom fields and TOTP secrets under the server key. Pure
// computation (no database, no key derivation), so worker threads load it too (workers/workerPool.ts).
import { open, seal } from './aead';

/** Encrypts `plaintext` with the server key; `aad` binds it to its place (e.g. the owner's id). */
export function sealWithServerKey(key: Buffer, plaintext: string, aad: string): string {
  return seal(key, Buffer.from(plaintext, 'utf8'), aad);
}

/** The plaintext, or null when the ciphertext was not sealed with this key and `aad`. */
export function openWithServerKey(key: Buffer, sealed: string, aad: string): string | null {
  const plain = open(key, sealed, aad);
  return plain === null ? null : plain.toString('utf8');
}

const fieldAad = (userId: string, entryId: string, field: string) =>
  `passvault:entry:${userId}:${entryId}:${field}`;

/** Entry secrets are bound to their owner, their entry and their field: a ciphertext moved elsewhere does not open. */
export function encryptField(
  vaultKey: Buffer,
  userId: string,
  entryId: string,
  field: string,
  plaintext: string,
): string {
  return seal(vaultKey, Buffer.from(plaintext, 'utf8'), fieldAad(userId, entryId, field));
}

export function decryptField(
  vaultKey: Buffer,
  userId: string,
  entryId: string,
  field: string,
  sealed: string,
): string | null {
  const plain = open(vaultKey, sealed, fieldAad(userId, entryId, field));
  return plain === null ? null : plain.toString('utf8');
}
