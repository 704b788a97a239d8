// The vault key: 256 random bits per user, kept only wrapped by a key derived from the master password.
// The master password is never stored; a wrong one is detected by the failed unwrap.
import crypto from 'node:crypto';
import { MASTER_KDF, deriveKey, type KdfParams } from './argon';
import { open, seal } from './aead';

export interface WrappedVaultKey {
  vaultKeyWrapped: string;
  kdfSalt: string;
  kdf: KdfParams;
}

const wrapAad = (userId: string) => `passvault:vault-key:${userId}`;

/** Wraps `vaultKey` under the master password (a new salt; today's parameters unless told others). */
export async function wrapVaultKey(
  userId: string,
  masterPassword: string,
  vaultKey: Buffer,
  kdf: KdfParams = MASTER_KDF,
): Promise<WrappedVaultKey> {
  const salt = crypto.randomBytes(16);
  const kek = await deriveKey(masterPassword, salt, kdf);
  return {
    vaultKeyWrapped: seal(kek, vaultKey, wrapAad(userId)),
    kdfSalt: salt.toString('base64'),
    kdf: { ...kdf },
  };
}

/** A new random vault key for a new account, wrapped by the master password. */
export function createVaultKey(userId: string, masterPassword: string): Promise<WrappedVaultKey> {
  return wrapVaultKey(userId, masterPassword, crypto.randomBytes(32));
}

/** The vault key, or null when the master password is wrong. */
export async function unwrapVaultKey(
  userId: string,
  masterPassword: string,
  wrapped: WrappedVaultKey,
): Promise<Buffer | null> {
  const kek = await deriveKey(masterPassword, Buffer.from(wrapped.kdfSalt, 'base64'), wrapped.kdf);
  return open(kek, wrapped.vaultKeyWrapped, wrapAad(userId));
}
