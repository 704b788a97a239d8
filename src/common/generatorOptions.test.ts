import {
  checkGeneratorOptions,
  DEFAULT_GENERATOR_OPTIONS,
  DEFAULT_PASSPHRASE_OPTIONS,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  generatorOptionsError,
  generatorOptionsOrDefault,
  sameGeneratorOptions,
} from './generatorOptions';

const PASSWORD = DEFAULT_GENERATOR_OPTIONS;
const PASSPHRASE = DEFAULT_PASSPHRASE_OPTIONS;

describe('the generator options rules', () => {
  it('accept the defaults and the limits', () => {
    expect(GENERATOR_LIMITS).toEqual({
      minLength: 8,
      maxLength: 128,
      minWords: 3,
      maxWords: 20,
      maxSeparatorLength: 3,
    });
    for (const options of [
      PASSWORD,
      { ...PASSWORD, length: 8 },
      { ...PASSWORD, length: 128, avoidLookAlike: true },
      { ...PASSWORD, uppercase: false, lowercase: false, digits: false },
      PASSPHRASE,
      { ...PASSPHRASE, words: 3, separator: '' },
      { ...PASSPHRASE, words: 20, separator: ' - ', capitalise: true, includeNumber: true },
      { ...PASSPHRASE, separator: '🔑' },
    ]) {
      expect(checkGeneratorOptions(options)).toEqual({ ok: true, options });
      expect(generatorOptionsError(options)).toBeUndefined();
    }
  });

  it.each([
    [null, GENERATOR_MESSAGES.options],
    [[], GENERATOR_MESSAGES.options],
    ['password', GENERATOR_MESSAGES.options],
    [{}, GENERATOR_MESSAGES.mode],
    [{ ...PASSWORD, mode: 'pin' }, GENERATOR_MESSAGES.mode],
    [{ ...PASSWORD, length: 7 }, 'Password length must be a whole number from 8 to 128'],
    [{ ...PASSWORD, length: 129 }, GENERATOR_MESSAGES.length],
    [{ ...PASSWORD, length: 12.5 }, GENERATOR_MESSAGES.length],
    [{ ...PASSWORD, length: '16' }, GENERATOR_MESSAGES.length],
    [{ ...PASSWORD, length: undefined }, GENERATOR_MESSAGES.length],
    [
      { ...PASSWORD, uppercase: false, lowercase: false, digits: false, symbols: false },
      'Choose at least one character set',
    ],
    [{ ...PASSWORD, digits: 'yes' }, 'Digits must be true or false'],
    [{ ...PASSWORD, avoidLookAlike: undefined }, 'Avoid look-alike characters must be true or false'],
    [{ ...PASSPHRASE, words: 2 }, 'Number of words must be a whole number from 3 to 20'],
    [{ ...PASSPHRASE, words: 21 }, GENERATOR_MESSAGES.words],
    [{ ...PASSPHRASE, separator: '----' }, 'Separator must be at most 3 characters'],
    [{ ...PASSPHRASE, separator: 5 }, GENERATOR_MESSAGES.separator],
    [{ ...PASSPHRASE, separator: '\n' }, 'Separator must not contain line breaks or invisible characters'],
    [{ ...PASSPHRASE, separator: '\u200b' }, GENERATOR_MESSAGES.separatorControl],
    [{ ...PASSPHRASE, capitalise: 1 }, 'Capitalise must be true or false'],
    [{ ...PASSPHRASE, includeNumber: null }, 'Add a number must be true or false'],
  ])('refuse %j: %s', (options, message) => {
    expect(checkGeneratorOptions(options)).toEqual({ ok: false, message });
    expect(generatorOptionsError(options)).toBe(message);
  });

  it('keep only the fields of the mode', () => {
    const mixed = { ...PASSWORD, ...PASSPHRASE, mode: 'password', length: 20, extra: 'x' };
    expect(checkGeneratorOptions(mixed)).toEqual({ ok: true, options: { ...PASSWORD, length: 20 } });
    const other = { ...PASSWORD, ...PASSPHRASE, mode: 'passphrase' };
    expect(checkGeneratorOptions(other)).toEqual({ ok: true, options: PASSPHRASE });
  });

  it('fall back to the defaults for missing or broken stored options', () => {
    expect(generatorOptionsOrDefault(undefined)).toBe(DEFAULT_GENERATOR_OPTIONS);
    expect(generatorOptionsOrDefault({ ...PASSWORD, length: 1000 })).toBe(DEFAULT_GENERATOR_OPTIONS);
    expect(generatorOptionsOrDefault({ ...PASSPHRASE, words: 4 })).toEqual({ ...PASSPHRASE, words: 4 });
  });

  it('compare options by value', () => {
    expect(sameGeneratorOptions(PASSWORD, { ...PASSWORD })).toBe(true);
    expect(sameGeneratorOptions(PASSWORD, { ...PASSWORD, length: 17 })).toBe(false);
    expect(sameGeneratorOptions(PASSWORD, PASSPHRASE)).toBe(false);
  });
});
