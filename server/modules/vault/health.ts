// The health of an entry's password, worked out when the password is saved, so that reading it later
// decrypts nothing: its strength score (the policy of src/common) and a reuse fingerprint, an HMAC of the
// password under a key derived from the user's vault key. Equal passwords of one user have equal
// fingerprints; another user's fingerprints are under another key, and none can be reversed.
import crypto from 'node:crypto';
import { evaluatePassword } from '../../../src/common/passwordPolicy';
import { OLD_AFTER_DAYS, WEAK_BELOW } from '../../../src/common/vaultCare';

export { OLD_AFTER_DAYS, WEAK_BELOW };

const FINGERPRINT_INFO = 'passvault:reuse-fingerprint:v1';

/** The key fingerprints are made with: derived from the vault key, used for nothing else. */
export function fingerprintKey(vaultKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', vaultKey, Buffer.alloc(0), FINGERPRINT_INFO, 32));
}

export interface PasswordHealth {
  strength: number;
  reuse_fp: string;
}

export function healthOf(fingerprintKeyBytes: Buffer, password: string): PasswordHealth {
  return {
    strength: evaluatePassword(password).score,
    reuse_fp: crypto.createHmac('sha256', fingerprintKeyBytes).update(password, 'utf8').digest('base64url'),
  };
}

/** Where "old" starts for `now`. */
export function oldBefore(now: Date): string {
  return new Date(now.getTime() - OLD_AFTER_DAYS * 24 * 60 * 60 * 1000).toISOString();
}
