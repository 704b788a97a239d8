import {
  chiSquare,
  chiSquareCritical,
  chiSquareUniform,
  scriptedRandom,
  seededRandom,
} from '../test/seededRandom';
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from './constants';
import {
  CHARACTER_SETS,
  characterPool,
  entropyBits,
  generate,
  generatePassword,
  LOOK_ALIKE_CHARACTERS,
} from './generator';
import {
  DEFAULT_GENERATOR_OPTIONS,
  DEFAULT_PASSPHRASE_OPTIONS,
  GENERATOR_MESSAGES,
  type PasswordGeneratorOptions,
} from './generatorOptions';
import { isPasswordValid } from './passwordPolicy';

const password = (changes: Partial<PasswordGeneratorOptions>): PasswordGeneratorOptions => ({
  ...DEFAULT_GENERATOR_OPTIONS,
  ...changes,
});
const ALL_OFF = { uppercase: false, lowercase: false, digits: false, symbols: false };
const SYMBOLS = '!@#$%^&*';
const has = (text: string, chars: string) => [...text].some((ch) => chars.includes(ch));
const within = (text: string, chars: string) => [...text].every((ch) => chars.includes(ch));

describe('generatePassword (SPEC section 9)', () => {
  it('makes 16 characters from the SPEC alphabet that pass the policy', () => {
    for (let i = 0; i < 200; i += 1) {
      const generated = generatePassword();
      expect(generated).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(within(generated, GENERATED_PASSWORD_ALPHABET)).toBe(true);
      expect(isPasswordValid(generated)).toBe(true);
    }
  });

  it('is generate(DEFAULT_GENERATOR_OPTIONS): the same draws give the same password', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      expect(generatePassword(seededRandom(seed))).toBe(
        generate(DEFAULT_GENERATOR_OPTIONS, seededRandom(seed)),
      );
    }
    expect(DEFAULT_GENERATOR_OPTIONS).toEqual({
      mode: 'password',
      length: 16,
      uppercase: true,
      lowercase: true,
      digits: true,
      symbols: true,
      avoidLookAlike: false,
    });
  });

  it('draws 32-bit values again when they would bias the choice (no modulo bias)', () => {
    // 70 characters: 2^32 % 70 = 46, so the top 46 values are drawn again instead of favouring 'A'..'t'.
    const wanted = 'Aa1!Aa1!Aa1!Aa1!';
    const script = [...wanted].flatMap((ch) => [
      2 ** 32 - 1,
      2 ** 32 - 46,
      GENERATED_PASSWORD_ALPHABET.indexOf(ch),
    ]);
    const random = scriptedRandom(script);
    expect(generatePassword(random)).toBe(wanted);
    expect(random.taken()).toBe(script.length);
  });
});

describe('generate: passwords', () => {
  it('takes the SPEC alphabet in the order of its sets', () => {
    expect(Object.values(CHARACTER_SETS).join('')).toBe(GENERATED_PASSWORD_ALPHABET);
    expect(characterPool(DEFAULT_GENERATOR_OPTIONS)).toEqual({
      pool: GENERATED_PASSWORD_ALPHABET,
      required: [CHARACTER_SETS.uppercase, CHARACTER_SETS.lowercase, CHARACTER_SETS.digits, '!@$%&*'],
    });
  });

  it.each([8, 9, 16, 64, 127, 128])('makes exactly %i characters', (length) => {
    const random = seededRandom(length);
    for (let i = 0; i < 20; i += 1) expect(generate(password({ length }), random)).toHaveLength(length);
  });

  it.each([
    ['uppercase', CHARACTER_SETS.uppercase],
    ['lowercase', CHARACTER_SETS.lowercase],
    ['digits', CHARACTER_SETS.digits],
    ['symbols', SYMBOLS],
  ] as const)('with only %s, uses only those characters', (set, chars) => {
    const random = seededRandom(7);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const generated = generate(password({ ...ALL_OFF, [set]: true, length: 32 }), random);
      expect(within(generated, chars)).toBe(true);
      for (const ch of generated) seen.add(ch);
    }
    expect(seen.size).toBe(chars.length);
  });

  it('holds at least one character of each chosen set, and none of the others', () => {
    const random = seededRandom(11);
    const choices = [
      { uppercase: true, digits: true },
      { lowercase: true, symbols: true },
      { uppercase: true, lowercase: true, digits: true },
      { digits: true, symbols: true },
    ];
    for (const choice of choices) {
      for (let i = 0; i < 300; i += 1) {
        const options = password({ ...ALL_OFF, ...choice, length: 8 });
        const generated = generate(options, random);
        const allowed = Object.entries(CHARACTER_SETS)
          .filter(([name]) => name in choice)
          .map(([, chars]) => chars);
        expect(within(generated, allowed.join(''))).toBe(true);
        for (const chars of allowed) expect(has(generated, chars)).toBe(true);
      }
    }
  });

  it('with symbols chosen, always holds one the strength policy counts (! @ $ % & *)', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 500; i += 1) {
      expect(
        has(generate(password({ ...ALL_OFF, symbols: true, digits: true, length: 8 }), random), '!@$%&*'),
      ).toBe(true);
    }
  });

  it('throws a candidate that misses a chosen set away whole and draws a new one', () => {
    // Uppercase and digits (36 characters, A-Z then 0-9), 8 characters. The first candidate has no digit;
    // the second is used as drawn: no position of the first survives and none is patched.
    const first = [0, 1, 2, 3, 4, 5, 6, 7]; // ABCDEFGH
    const second = [26, 7, 27, 7, 7, 7, 7, 35]; // 0H1HHHH9
    const random = scriptedRandom([...first, ...second]);
    expect(generate(password({ ...ALL_OFF, uppercase: true, digits: true, length: 8 }), random)).toBe(
      '0H1HHHH9',
    );
    expect(random.taken()).toBe(16);
  });

  it('is uniform over the passwords that meet the options: the count of digits follows the exact law', () => {
    // Uppercase (26) and digits (10), 8 characters: of the 36^8 strings, those with k digits (1..7) number
    // C(8,k) 10^k 26^(8-k). A method that patched in a digit, or put it first, would skew these shares.
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
    const valid = 36 ** 8 - 26 ** 8 - 10 ** 8;
    const share = [1, 2, 3, 4, 5, 6, 7].map((k) => (choose(8, k) * 10 ** k * 26 ** (8 - k)) / valid);
    const draws = 60_000;
    const tally = new Array<number>(7).fill(0);
    const firstIsDigit = [0, 0];
    const random = seededRandom(2026);
    const options = password({ ...ALL_OFF, uppercase: true, digits: true, length: 8 });
    for (let i = 0; i < draws; i += 1) {
      const generated = generate(options, random);
      const digits = [...generated].filter((ch) => /\d/.test(ch)).length;
      tally[digits - 1] += 1;
      firstIsDigit[/\d/.test(generated[0]) ? 1 : 0] += 1;
    }
    expect(
      chiSquare(
        tally,
        share.map((p) => p * draws),
      ),
    ).toBeLessThan(chiSquareCritical(6));
    // Each position is as likely as any other to hold a digit: the mean share of digits, 8 positions.
    const meanDigits = share.reduce((sum, p, i) => sum + p * (i + 1), 0) / 8;
    expect(Math.abs(firstIsDigit[1] / draws - meanDigits)).toBeLessThan(0.01);
  });

  it('spreads a long password evenly over its pool (crypto.getRandomValues, generous bounds)', () => {
    // 128 characters hardly ever miss a set, so each character is near enough a uniform choice of 70.
    const tally = new Map<string, number>([...GENERATED_PASSWORD_ALPHABET].map((ch) => [ch, 0]));
    for (let i = 0; i < 1_000; i += 1) {
      for (const ch of generate(password({ length: 128 }))) tally.set(ch, (tally.get(ch) ?? 0) + 1);
    }
    expect(tally.size).toBe(70);
    const statistic = chiSquareUniform([...tally.values()]);
    expect(statistic).toBeLessThan(chiSquareCritical(69, 8));
    expect(statistic).toBeGreaterThan(chiSquareCritical(69, -8));
  });

  it('leaves out look-alike characters on request (I l 1 O 0 o), and only those', () => {
    expect(LOOK_ALIKE_CHARACTERS).toBe('Il1O0o');
    const options = password({ avoidLookAlike: true, length: 128 });
    const { pool } = characterPool(options);
    expect(pool).toHaveLength(70 - 6);
    expect(has(pool, LOOK_ALIKE_CHARACTERS)).toBe(false);
    const random = seededRandom(3);
    const seen = new Set<string>();
    for (let i = 0; i < 100; i += 1) for (const ch of generate(options, random)) seen.add(ch);
    expect([...seen].sort().join('')).toBe([...pool].sort().join(''));
    // Off, they are used like any other character.
    const all = new Set<string>();
    for (let i = 0; i < 100; i += 1)
      for (const ch of generate(password({ length: 128 }), random)) all.add(ch);
    for (const ch of LOOK_ALIKE_CHARACTERS) expect(all.has(ch)).toBe(true);
  });

  it('refuses options that break the rules, with their message', () => {
    expect(() => generate(password(ALL_OFF))).toThrow(GENERATOR_MESSAGES.noCharacterSet);
    expect(() => generate(password({ length: 7 }))).toThrow(GENERATOR_MESSAGES.length);
    expect(() => generate(password({ length: 129 }))).toThrow(RangeError);
    expect(() => generate({ ...DEFAULT_PASSPHRASE_OPTIONS, words: 2 })).toThrow(GENERATOR_MESSAGES.words);
  });
});

describe('entropyBits', () => {
  it('is length x log2(pool) for a single set', () => {
    expect(entropyBits(password({ ...ALL_OFF, lowercase: true, length: 8 }))).toBeCloseTo(
      8 * Math.log2(26),
      10,
    );
    expect(entropyBits(password({ ...ALL_OFF, digits: true, avoidLookAlike: true, length: 10 }))).toBeCloseTo(
      10 * Math.log2(8),
      10,
    );
  });

  it('counts only the passwords that hold every chosen set', () => {
    const exact = Math.log2(Number(36n ** 8n - 26n ** 8n - 10n ** 8n));
    expect(entropyBits(password({ ...ALL_OFF, uppercase: true, digits: true, length: 8 }))).toBeCloseTo(
      exact,
      9,
    );
    // The default: a little under 16 x log2(70) = 98.07 bits.
    const bits = entropyBits(DEFAULT_GENERATOR_OPTIONS);
    expect(bits).toBeLessThan(16 * Math.log2(70));
    expect(bits).toBeGreaterThan(16 * Math.log2(70) - 1);
    expect(entropyBits(password({ length: 128 }))).toBeCloseTo(128 * Math.log2(70), 3);
  });

  it('is words x log2(7,776) for a passphrase, plus log2(words x 10) for the number', () => {
    expect(entropyBits(DEFAULT_PASSPHRASE_OPTIONS)).toBeCloseTo(6 * Math.log2(7776), 10);
    expect(entropyBits({ ...DEFAULT_PASSPHRASE_OPTIONS, words: 3 })).toBeCloseTo(38.77, 2);
    expect(entropyBits({ ...DEFAULT_PASSPHRASE_OPTIONS, words: 4, includeNumber: true })).toBeCloseTo(
      4 * Math.log2(7776) + Math.log2(40),
      10,
    );
    // Capital letters and the separator are fixed by the options: they add nothing.
    expect(entropyBits({ ...DEFAULT_PASSPHRASE_OPTIONS, capitalise: true, separator: '' })).toBe(
      entropyBits(DEFAULT_PASSPHRASE_OPTIONS),
    );
  });
});
