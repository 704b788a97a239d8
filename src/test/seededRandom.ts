// Test helper (not used by the app): deterministic RandomSources for the generator's tests, so that a
// distribution check gives the same figures on every run and can never flake.
import type { RandomSource } from '../common/randomIndex';

/** sfc32, a small fast PRNG of good statistical quality, seeded with four 32-bit words. */
export function seededRandom(seed: number): RandomSource {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 15; i += 1) next();
  return (values) => {
    for (let i = 0; i < values.length; i += 1) values[i] = next();
    return values;
  };
}

/** A source that answers the given 32-bit values in order, and counts how many were taken. */
export function scriptedRandom(script: readonly number[]): RandomSource & { taken: () => number } {
  let next = 0;
  const source = (values: Uint32Array<ArrayBuffer>) => {
    for (let i = 0; i < values.length; i += 1) {
      if (next >= script.length) throw new Error('The script of random values ran out');
      values[i] = script[next];
      next += 1;
    }
    return values;
  };
  return Object.assign(source, { taken: () => next });
}

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
export function chiSquareUniform(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/** Pearson's chi-square statistic of observed counts against expected counts. */
export function chiSquare(counts: readonly number[], expected: readonly number[]): number {
  return counts.reduce((sum, count, i) => sum + (count - expected[i]) ** 2 / expected[i], 0);
}

/**
 * The chi-square value that a uniform source exceeds with probability about 1 in 1,000 for `df` degrees of
 * freedom (Wilson-Hilferty). A seeded source is judged against it once and for all.
 */
export function chiSquareCritical(df: number, z = 3.09): number {
  const k = 2 / (9 * df);
  return df * (1 - k + z * Math.sqrt(k)) ** 3;
}
