import { chiSquareCritical, chiSquareUniform, scriptedRandom, seededRandom } from '../test/seededRandom';
import { cryptoRandom, pick, uniformIndex } from './randomIndex';

const TWO_32 = 2 ** 32;

function counts(n: number, draws: number, random = cryptoRandom): number[] {
  const tally = new Array<number>(n).fill(0);
  for (let i = 0; i < draws; i += 1) tally[uniformIndex(n, random)] += 1;
  return tally;
}

describe('uniformIndex: rejection sampling over 32-bit values', () => {
  it.each([
    [70, 46],
    [7776, 2560],
    [10, 6],
  ])(
    'of %i choices, draws again on the top %i values (they would favour the first choices)',
    (n, rejected) => {
      const limit = TWO_32 - rejected;
      expect(limit % n).toBe(0);
      // The highest values are thrown away; the first value below the limit decides.
      const random = scriptedRandom([TWO_32 - 1, limit, limit - 1]);
      expect(uniformIndex(n, random)).toBe(n - 1);
      expect(random.taken()).toBe(3);
      // Below the limit, a value is used as it is: value mod n.
      expect(uniformIndex(n, scriptedRandom([n + 2]))).toBe(2);
      expect(uniformIndex(n, scriptedRandom([0]))).toBe(0);
    },
  );

  it('gives every choice the same number of 32-bit values behind it', () => {
    for (const n of [3, 7, 10, 26, 70, 7776, 1_000_003]) {
      const limit = TWO_32 - (TWO_32 % n);
      // Values 0 .. limit-1 map onto 0 .. n-1, each exactly limit / n times.
      expect(Number.isInteger(limit / n)).toBe(true);
      expect(TWO_32 - limit).toBeLessThan(n);
    }
  });

  it('answers 0 for a single choice and refuses an empty or impossible range', () => {
    expect(uniformIndex(1, scriptedRandom([12345]))).toBe(0);
    expect(() => uniformIndex(0)).toThrow(RangeError);
    expect(() => uniformIndex(2.5)).toThrow(RangeError);
    expect(() => uniformIndex(TWO_32 + 1)).toThrow(RangeError);
  });

  it('is uniform for a seeded source (exact figures, the same on every run)', () => {
    // 7,776 words, 100 draws each expected; 70 characters, 1,000 each.
    for (const [n, draws] of [
      [7776, 777_600],
      [70, 70_000],
      [10, 10_000],
    ]) {
      const tally = counts(n, draws, seededRandom(n));
      expect(Math.min(...tally)).toBeGreaterThan(0);
      expect(chiSquareUniform(tally)).toBeLessThan(chiSquareCritical(n - 1));
    }
  });

  it('is uniform with crypto.getRandomValues over many draws (bounds no fair source ever misses)', () => {
    // About 8 standard deviations: a uniform source lands outside once in 10^15 runs.
    for (const [n, draws] of [
      [7776, 388_800],
      [70, 140_000],
    ]) {
      const tally = counts(n, draws);
      expect(chiSquareUniform(tally)).toBeLessThan(chiSquareCritical(n - 1, 8));
      expect(chiSquareUniform(tally)).toBeGreaterThan(chiSquareCritical(n - 1, -8));
    }
  });

  it('pick chooses an item of the list', () => {
    expect(pick(['a', 'b', 'c'], scriptedRandom([5]))).toBe('c');
    expect(pick('xyz', scriptedRandom([TWO_32 - 1, 4]))).toBe('y');
  });
});
