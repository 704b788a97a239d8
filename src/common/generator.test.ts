import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from './constants';
import { generatePassword } from './generator';
import { isPasswordValid } from './passwordPolicy';

describe('generatePassword', () => {
  it('makes 16 characters from the SPEC alphabet that pass the policy', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect([...password].every((ch) => GENERATED_PASSWORD_ALPHABET.includes(ch))).toBe(true);
      expect(isPasswordValid(password)).toBe(true);
    }
  });

  it('draws again on bytes that would bias the choice (no modulo bias)', () => {
    // 70 symbols: 256 % 70 = 46, so bytes 210..255 are drawn again instead of favouring the first symbols.
    const wanted = 'Aa1!Aa1!Aa1!Aa1!';
    const script = [...wanted].flatMap((ch) => [250, 210, GENERATED_PASSWORD_ALPHABET.indexOf(ch)]);
    let next = 0;
    const password = generatePassword((bytes) => {
      bytes[0] = script[next];
      next += 1;
      return bytes;
    });
    expect(password).toBe(wanted);
    expect(next).toBe(script.length);
  });

  it('spreads its choices over the whole alphabet', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 400; i += 1)
      for (const ch of generatePassword()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(GENERATED_PASSWORD_ALPHABET.length);
  });
});
