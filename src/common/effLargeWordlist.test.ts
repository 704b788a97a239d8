import { EFF_LARGE_WORDLIST } from './effLargeWordlist';
import { EFF_LARGE_WORDLIST_SIZE } from './generator';

/** The dice roll of word i: its index in base 6, digits 1-6 (word 0 is 11111, word 7,775 is 66666). */
const dice = (index: number) =>
  [...index.toString(6).padStart(5, '0')].map((digit) => String(Number(digit) + 1)).join('');

describe('the EFF large word list', () => {
  it('holds 7,776 distinct words, one for each roll of five dice', () => {
    expect(EFF_LARGE_WORDLIST).toHaveLength(7776);
    expect(EFF_LARGE_WORDLIST_SIZE).toBe(EFF_LARGE_WORDLIST.length);
    expect(new Set(EFF_LARGE_WORDLIST).size).toBe(7776);
    expect(Object.isFrozen(EFF_LARGE_WORDLIST)).toBe(true);
  });

  it("is EFF's file, word for word: eff_large_wordlist.txt rebuilt from it has EFF's SHA-256", async () => {
    const file = EFF_LARGE_WORDLIST.map((word, i) => `${dice(i)}\t${word}\n`).join('');
    expect(file.length).toBe(108_800);
    const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(file));
    const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    expect(hex).toBe('addd35536511597a02fa0a9ff1e5284677b8883b83e986e43f15a3db996b903e');
  });

  it('is sorted, lower-case words of 3 to 9 letters (four with a hyphen)', () => {
    expect([...EFF_LARGE_WORDLIST].sort()).toEqual(EFF_LARGE_WORDLIST);
    expect(EFF_LARGE_WORDLIST.every((word) => /^[a-z]+(-[a-z]+)?$/.test(word))).toBe(true);
    expect(EFF_LARGE_WORDLIST.filter((word) => word.includes('-'))).toEqual([
      'drop-down',
      'felt-tip',
      't-shirt',
      'yo-yo',
    ]);
    const lengths = EFF_LARGE_WORDLIST.map((word) => word.length);
    expect([Math.min(...lengths), Math.max(...lengths)]).toEqual([3, 9]);
    expect([EFF_LARGE_WORDLIST[0], EFF_LARGE_WORDLIST[7775]]).toEqual(['abacus', 'zoom']);
  });

  it('answers a roll of five dice with the word EFF prints beside it', () => {
    const wordOf = (roll: string) =>
      EFF_LARGE_WORDLIST[[...roll].reduce((i, die) => i * 6 + Number(die) - 1, 0)];
    expect(wordOf('11111')).toBe('abacus');
    expect(wordOf('43141')).toBe('overbook');
    expect(wordOf('64142')).toBe('uniformed');
    expect(wordOf('66622')).toBe('yo-yo');
    expect(wordOf('66666')).toBe('zoom');
  });
});
