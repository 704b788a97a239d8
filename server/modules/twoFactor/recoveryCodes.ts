// Recovery codes: ten one-time codes shown once when two-factor is turned on, stored only as a keyed
// hash. At about 39 bits a code could be found from a plain hash in a database copy within hours; keyed
// with the server key (which the database does not hold) it cannot be tested offline at all.
import crypto from 'node:crypto';
import { keyedHash } from '../../crypto/serverKey';
import { hashCode, newId, safeEqual } from '../../crypto/tokens';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: nothing that reads two ways on paper. 31 symbols, so 8 of them carry about 39 bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUP = 4;

function randomGroup(): string {
  let group = '';
  for (let i = 0; i < GROUP; i += 1) group += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return group;
}

/** `count` distinct codes like `K7QH-3MWX`. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(`${randomGroup()}-${randomGroup()}`);
  return [...codes];
}

/** The canonical `XXXX-XXXX` of what a person typed (any case, with or without the dash or spaces), or null. */
export function normaliseRecoveryCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== GROUP * 2 || [...compact].some((char) => !ALPHABET.includes(char))) return null;
  return `${compact.slice(0, GROUP)}-${compact.slice(GROUP)}`;
}

/**
 * The stored hash of a code: HMAC under the server key of the salted SHA-256 that versions before the
 * server key stored (so those hashes were upgraded in place, without their codes: `upgradeHash`).
 */
function recoveryHash(key: Buffer, id: string, code: string): string {
  return upgradeHash(key, hashCode(id, code));
}

/** A version-1 hash (salted SHA-256) as the keyed hash of version 2. */
export function upgradeHash(key: Buffer, legacyHash: string): string {
  return keyedHash(key, `recovery-code:${legacyHash}`);
}

/** Rows to store: a fresh id each, the code hashed with its id as salt and keyed. */
export function hashRecoveryCodes(key: Buffer, codes: string[]): { id: string; code_hash: string }[] {
  return codes.map((code) => {
    const id = newId();
    return { id, code_hash: recoveryHash(key, id, code) };
  });
}

/** The id of the stored code that `code` (canonical) matches, comparing all of them in constant time. */
export function findRecoveryCode(
  key: Buffer,
  rows: { id: string; code_hash: string }[],
  code: string,
): string | null {
  let found: string | null = null;
  for (const row of rows) {
    if (safeEqual(recoveryHash(key, row.id, code), row.code_hash) && found === null) found = row.id;
  }
  return found;
}
