// Issue 14: what the password generator is asked for, its defaults and its rules. One copy, used by the
// generator panel (what it lets a person choose) and the server (what PUT /user/settings accepts).
import { GENERATED_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';

export interface PasswordGeneratorOptions {
  mode: 'password';
  /** Characters, GENERATOR_LIMITS.minLength to maxLength. */
  length: number;
  uppercase: boolean;
  lowercase: boolean;
  digits: boolean;
  /** SPEC section 9's ! @ # $ % ^ & *. */
  symbols: boolean;
  /** Leave out characters that are easily confused: LOOK_ALIKE_CHARACTERS. */
  avoidLookAlike: boolean;
}

export interface PassphraseGeneratorOptions {
  mode: 'passphrase';
  /** Words of the EFF large word list, GENERATOR_LIMITS.minWords to maxWords. */
  words: number;
  /** Between the words; may be empty, at most GENERATOR_LIMITS.maxSeparatorLength characters. */
  separator: string;
  /** Each word starts with a capital letter. */
  capitalise: boolean;
  /** One word, chosen at random, gets a random digit at its end. */
  includeNumber: boolean;
}

export type GeneratorOptions = PasswordGeneratorOptions | PassphraseGeneratorOptions;
export type GeneratorMode = GeneratorOptions['mode'];
export const GENERATOR_MODES: readonly GeneratorMode[] = ['password', 'passphrase'];

export const GENERATOR_LIMITS = {
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: 128,
  minWords: 3,
  maxWords: 20,
  maxSeparatorLength: 3,
} as const;

/** SPEC section 9, as the generator always made: 16 characters from letters, digits and !@#$%^&*. */
export const DEFAULT_GENERATOR_OPTIONS: PasswordGeneratorOptions = Object.freeze({
  mode: 'password',
  length: GENERATED_PASSWORD_LENGTH,
  uppercase: true,
  lowercase: true,
  digits: true,
  symbols: true,
  avoidLookAlike: false,
});

/** What passphrase mode starts with: six words, EFF's advice (about 77 bits). */
export const DEFAULT_PASSPHRASE_OPTIONS: PassphraseGeneratorOptions = Object.freeze({
  mode: 'passphrase',
  words: 6,
  separator: '-',
  capitalise: false,
  includeNumber: false,
});

export const GENERATOR_MESSAGES = {
  options: 'Generator options must be an object',
  mode: "Generator mode must be 'password' or 'passphrase'",
  length: `Password length must be a whole number from ${GENERATOR_LIMITS.minLength} to ${GENERATOR_LIMITS.maxLength}`,
  noCharacterSet: 'Choose at least one character set',
  words: `Number of words must be a whole number from ${GENERATOR_LIMITS.minWords} to ${GENERATOR_LIMITS.maxWords}`,
  separator: `Separator must be at most ${GENERATOR_LIMITS.maxSeparatorLength} characters`,
  separatorControl: 'Separator must not contain line breaks or invisible characters',
  flag: (name: string) => `${name} must be true or false`,
} as const;

type Checked = { ok: true; options: GeneratorOptions } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const wholeBetween = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const FLAG_NAMES: Record<string, string> = {
  uppercase: 'Uppercase',
  lowercase: 'Lowercase',
  digits: 'Digits',
  symbols: 'Symbols',
  avoidLookAlike: 'Avoid look-alike characters',
  capitalise: 'Capitalise',
  includeNumber: 'Add a number',
};

/** The named switches, or the message about the first that is not true or false. */
function flags<K extends string>(
  source: Record<string, unknown>,
  names: readonly K[],
): Record<K, boolean> | string {
  const out = {} as Record<K, boolean>;
  for (const name of names) {
    const value = source[name];
    if (typeof value !== 'boolean') return GENERATOR_MESSAGES.flag(FLAG_NAMES[name]);
    out[name] = value;
  }
  return out;
}

/**
 * Checks options from anywhere (a request body, a stored row, a form) against the rules: the first
 * problem as a message to show, or a clean copy holding only the fields of its mode.
 */
export function checkGeneratorOptions(value: unknown): Checked {
  if (!isRecord(value)) return { ok: false, message: GENERATOR_MESSAGES.options };
  if (value.mode === 'password') {
    if (!wholeBetween(value.length, GENERATOR_LIMITS.minLength, GENERATOR_LIMITS.maxLength)) {
      return { ok: false, message: GENERATOR_MESSAGES.length };
    }
    const sets = flags(value, ['uppercase', 'lowercase', 'digits', 'symbols', 'avoidLookAlike'] as const);
    if (typeof sets === 'string') return { ok: false, message: sets };
    const { uppercase, lowercase, digits, symbols, avoidLookAlike } = sets;
    if (!uppercase && !lowercase && !digits && !symbols) {
      return { ok: false, message: GENERATOR_MESSAGES.noCharacterSet };
    }
    return {
      ok: true,
      options: {
        mode: 'password',
        length: value.length,
        uppercase,
        lowercase,
        digits,
        symbols,
        avoidLookAlike,
      },
    };
  }
  if (value.mode === 'passphrase') {
    if (!wholeBetween(value.words, GENERATOR_LIMITS.minWords, GENERATOR_LIMITS.maxWords)) {
      return { ok: false, message: GENERATOR_MESSAGES.words };
    }
    if (
      typeof value.separator !== 'string' ||
      [...value.separator].length > GENERATOR_LIMITS.maxSeparatorLength
    ) {
      return { ok: false, message: GENERATOR_MESSAGES.separator };
    }
    if (/\p{C}/u.test(value.separator)) return { ok: false, message: GENERATOR_MESSAGES.separatorControl };
    const extras = flags(value, ['capitalise', 'includeNumber'] as const);
    if (typeof extras === 'string') return { ok: false, message: extras };
    return {
      ok: true,
      options: { mode: 'passphrase', words: value.words, separator: value.separator, ...extras },
    };
  }
  return { ok: false, message: GENERATOR_MESSAGES.mode };
}

/** The first problem of `options`, or undefined when they can be used. */
export function generatorOptionsError(options: unknown): string | undefined {
  const checked = checkGeneratorOptions(options);
  return checked.ok ? undefined : checked.message;
}

/** Options as stored or received, or the defaults when they are missing or no longer valid. */
export function generatorOptionsOrDefault(value: unknown): GeneratorOptions {
  const checked = checkGeneratorOptions(value);
  return checked.ok ? checked.options : DEFAULT_GENERATOR_OPTIONS;
}

/** Whether two sets of options ask for the same thing. */
export function sameGeneratorOptions(a: GeneratorOptions, b: GeneratorOptions): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every(
    (key) =>
      (a as unknown as Record<string, unknown>)[key] === (b as unknown as Record<string, unknown>)[key],
  );
}
