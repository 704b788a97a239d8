// Argon2id for account password hashes and for the master-password key derivation.
import os from 'node:os';
import { hash, hashRaw, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read).
const ARGON2ID = 2;
import { ConcurrencyLimiter } from './limiter';

export interface KdfParams {
  memoryKib: number;
  iterations: number;
  parallelism: number;
}

/** OWASP's minimum for Argon2id: 19 MiB, t=2, p=1. Stored with each user so they can be raised later. */
export const DEFAULT_KDF: KdfParams = { memoryKib: 19456, iterations: 2, parallelism: 1 };

// Each Argon2id run holds ~19 MiB: bound how many run at once so a burst queues instead of exhausting memory.
const limiter = new ConcurrencyLimiter(Math.max(2, os.availableParallelism()), 256);

export function hashPassword(password: string): Promise<string> {
  return limiter.run(() =>
    hash(password, {
      algorithm: ARGON2ID,
      memoryCost: DEFAULT_KDF.memoryKib,
      timeCost: DEFAULT_KDF.iterations,
      parallelism: DEFAULT_KDF.parallelism,
    }),
  );
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limiter.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** A hash of a random password, verified against when the e-mail is unknown, so both cases cost the same. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}

/** 32 raw bytes derived from the master password: the key that wraps the vault key. */
export function deriveKey(secret: string, salt: Buffer, params: KdfParams): Promise<Buffer> {
  return limiter.run(() =>
    hashRaw(secret, {
      algorithm: ARGON2ID,
      memoryCost: params.memoryKib,
      timeCost: params.iterations,
      parallelism: params.parallelism,
      outputLen: 32,
      salt,
    }),
  );
}
