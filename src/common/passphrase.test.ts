import { chiSquareCritical, chiSquareUniform, scriptedRandom, seededRandom } from '../test/seededRandom';
import { EFF_LARGE_WORDLIST } from './effLargeWordlist';
import { generate } from './generator';
import { DEFAULT_PASSPHRASE_OPTIONS, type PassphraseGeneratorOptions } from './generatorOptions';
import { generatePassphrase } from './passphrase';

const passphrase = (changes: Partial<PassphraseGeneratorOptions>): PassphraseGeneratorOptions => ({
  ...DEFAULT_PASSPHRASE_OPTIONS,
  ...changes,
});
const WORDS = new Set(EFF_LARGE_WORDLIST);
const INDEX = new Map(EFF_LARGE_WORDLIST.map((word, i) => [word, i]));
const index = (word: string) => INDEX.get(word) ?? -1;

describe('generate: passphrases', () => {
  it('joins the chosen number of EFF words with the separator', () => {
    const random = seededRandom(1);
    for (const words of [3, 6, 20]) {
      for (const separator of ['-', ' ', '.', '_', '+=+']) {
        const generated = generate(passphrase({ words, separator }), random);
        const parts = generated.split(separator);
        expect(parts).toHaveLength(words);
        expect(parts.every((word) => WORDS.has(word))).toBe(true);
      }
    }
  });

  it('takes each word as the 32-bit draw says: word = value mod 7,776, the top values drawn again', () => {
    const random = scriptedRandom([0, 7775, 2 ** 32 - 1, 7776 + 2]);
    expect(generatePassphrase(passphrase({ words: 3, separator: '-' }), random)).toBe(
      'abacus-zoom-abdominal',
    );
    expect(random.taken()).toBe(4);
  });

  it('runs the words together with an empty separator', () => {
    const random = scriptedRandom([0, 1, 2]);
    expect(generate(passphrase({ words: 3, separator: '' }), random)).toBe('abacusabdomenabdominal');
  });

  it('capitalises each word on request', () => {
    const random = scriptedRandom([0, index('t-shirt'), 7775, 0, index('yo-yo'), 1]);
    const options = passphrase({ words: 3, separator: ' ', capitalise: true });
    expect(generate(options, random)).toBe('Abacus T-shirt Zoom');
    expect(generate({ ...options, capitalise: false }, random)).toBe('abacus yo-yo abdomen');
  });

  it('adds one digit to the end of one word on request: the word and the digit are uniform draws', () => {
    // Words 0, 1, 2; then the word that gets the number (1 of 3) and the digit (7 of 10).
    const random = scriptedRandom([0, 1, 2, 1, 7]);
    expect(generate(passphrase({ words: 3, separator: '-', includeNumber: true }), random)).toBe(
      'abacus-abdomen7-abdominal',
    );
    expect(random.taken()).toBe(5);

    const seeded = seededRandom(9);
    const where = new Array<number>(5).fill(0);
    const digits = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i += 1) {
      const parts = generate(passphrase({ words: 5, separator: ' ', includeNumber: true }), seeded).split(
        ' ',
      );
      const numbered = parts.map((part, at) => [part, at] as const).filter(([part]) => /\d$/.test(part));
      expect(numbered).toHaveLength(1);
      const [word, at] = numbered[0];
      expect(WORDS.has(word.slice(0, -1))).toBe(true);
      where[at] += 1;
      digits[Number(word.slice(-1))] += 1;
    }
    expect(chiSquareUniform(where)).toBeLessThan(chiSquareCritical(4));
    expect(chiSquareUniform(digits)).toBeLessThan(chiSquareCritical(9));
  });

  it('capitalises and numbers together', () => {
    const generated = generate(
      passphrase({ words: 4, separator: '.', capitalise: true, includeNumber: true }),
      seededRandom(4),
    );
    const parts = generated.split('.');
    expect(parts).toHaveLength(4);
    expect(parts.every((part) => /^[A-Z][a-z-]*\d?$/.test(part))).toBe(true);
    expect(parts.filter((part) => /\d$/.test(part))).toHaveLength(1);
  });

  it('chooses every word of the list equally often (seeded: exact figures)', () => {
    const tally = new Array<number>(7776).fill(0);
    const random = seededRandom(7776);
    for (let i = 0; i < 38_880; i += 1) {
      for (const word of generate(passphrase({ words: 20, separator: ' ' }), random).split(' ')) {
        tally[index(word)] += 1;
      }
    }
    expect(chiSquareUniform(tally)).toBeLessThan(chiSquareCritical(7775));
  });

  it('chooses every word of the list equally often (crypto.getRandomValues, generous bounds)', () => {
    const tally = new Array<number>(7776).fill(0);
    for (let i = 0; i < 19_440; i += 1) {
      for (const word of generate(passphrase({ words: 20, separator: ' ' })).split(' '))
        tally[index(word)] += 1;
    }
    const statistic = chiSquareUniform(tally);
    expect(statistic).toBeLessThan(chiSquareCritical(7775, 8));
    expect(statistic).toBeGreaterThan(chiSquareCritical(7775, -8));
  });
});
