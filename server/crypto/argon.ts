// Argon2id for account password hashes and for the master-password key derivation.
import { hash, hashRaw, verify } from '@node-rs/argon2';
import { WeightedLimiter } from './limiter';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read).
const ARGON2ID = 2;

export interface KdfParams {
  memoryKib: number;
  iterations: number;
  parallelism: number;
}

/** Account passwords: OWASP's minimum for Argon2id (19 MiB, t=2, p=1); checked at every sign-in. */
export const ACCOUNT_HASH_PARAMS: KdfParams = { memoryKib: 19456, iterations: 2, parallelism: 1 };

/**
 * The master password's key derivation for new wraps: Bitwarden's defaults (64 MiB, t=3, p=4). Stored
 * with each user; a vault key wrapped with weaker parameters is wrapped again at its next unlock.
 */
export const MASTER_KDF: KdfParams = { memoryKib: 65536, iterations: 3, parallelism: 4 };

/** Whether a wrap made with `params` is weaker than MASTER_KDF in any respect. */
export function isBelowMasterKdf(params: KdfParams): boolean {
  return (
    params.memoryKib < MASTER_KDF.memoryKib ||
    params.iterations < MASTER_KDF.iterations ||
    params.parallelism < MASTER_KDF.parallelism
  );
}

/**
 * Each run holds its memory cost until it ends: runs are admitted while their memory fits this budget
 * (four master-password derivations at once, or thirteen sign-ins), and at most 256 more wait (503
 * beyond), so 100 parallel unlocks queue instead of exhausting the server's memory.
 */
export const ARGON2_MEMORY_BUDGET_KIB = 4 * MASTER_KDF.memoryKib;
const limiter = new WeightedLimiter(ARGON2_MEMORY_BUDGET_KIB, 256);

export function hashPassword(password: string): Promise<string> {
  const params = ACCOUNT_HASH_PARAMS;
  return limiter.run(
    () =>
      hash(password, {
        algorithm: ARGON2ID,
        memoryCost: params.memoryKib,
        timeCost: params.iterations,
        parallelism: params.parallelism,
      }),
    params.memoryKib,
  );
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // The hash names its own parameters; ours are ACCOUNT_HASH_PARAMS.
  return limiter.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }, ACCOUNT_HASH_PARAMS.memoryKib);
}

/** A hash of a random password, verified against when the e-mail is unknown, so both cases cost the same. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}

/** 32 raw bytes derived from the master password: the key that wraps the vault key. */
export function deriveKey(secret: string, salt: Buffer, params: KdfParams): Promise<Buffer> {
  return limiter.run(
    () =>
      hashRaw(secret, {
        algorithm: ARGON2ID,
        memoryCost: params.memoryKib,
        timeCost: params.iterations,
        parallelism: params.parallelism,
        outputLen: 32,
        salt,
      }),
    params.memoryKib,
  );
}
