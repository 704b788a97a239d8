// Tasks for the worker pool's own tests (workers/workerPool.test.ts), run on real worker threads.
import { HttpError } from '../http/errors';
import { defineTask } from '../workers/workerPool';

export function double(input: { value: number }): number {
  return input.value * 2;
}

/** Answers how many bytes it was given and whether they were all zero after it wiped them. */
export function wipeKey(input: { key: Uint8Array }): { bytes: number; wiped: boolean } {
  input.key.fill(0);
  return { bytes: input.key.byteLength, wiped: input.key.every((byte) => byte === 0) };
}

export function refuse(): never {
  throw new HttpError(422, 'Failed to decrypt password');
}

export function leak(input: { secret: string }): never {
  throw new Error(`could not parse ${input.secret}`);
}

export function crash(): never {
  process.exit(3);
}

export const DOUBLE = defineTask<{ value: number }, number>(__filename, 'double');
export const WIPE_KEY = defineTask<{ key: Uint8Array }, { bytes: number; wiped: boolean }>(
  __filename,
  'wipeKey',
);
export const REFUSE = defineTask<Record<string, never>, never>(__filename, 'refuse');
export const LEAK = defineTask<{ secret: string }, never>(__filename, 'leak');
export const CRASH = defineTask<Record<string, never>, never>(__filename, 'crash');
export const MISSING = defineTask<Record<string, never>, never>(__filename, 'notATask');
