// Uniform random choices for the generator, from a CSPRNG and without modulo bias.

/**
 * Fills `values` with random 32-bit integers. The default is `crypto.getRandomValues` (the browser's and
 * Node's Web Crypto); tests pass a seeded or scripted source.
 */
export type RandomSource = (values: Uint32Array<ArrayBuffer>) => unknown;

export const cryptoRandom: RandomSource = (values) => globalThis.crypto.getRandomValues(values);

const RANGE = 2 ** 32;

/**
 * A uniform integer in [0, n) by rejection sampling over 32-bit values: a value at or above the largest
 * multiple of `n` that fits in 32 bits is drawn again, so every result has the same number of values
 * behind it (no modulo bias). At most 1 draw in 2^32 / n is rejected; for n = 7,776 that is 1 in 552,000.
 */
export function uniformIndex(n: number, random: RandomSource = cryptoRandom): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`Cannot choose among ${n} items`);
  const limit = RANGE - (RANGE % n);
  const value = new Uint32Array(1);
  for (;;) {
    random(value);
    if (value[0] < limit) return value[0] % n;
  }
}

/** One item of `items`, each with the same chance. */
export function pick<T>(items: ArrayLike<T>, random: RandomSource = cryptoRandom): T {
  return items[uniformIndex(items.length, random)];
}
