// Issue 14: random passwords from chosen character sets, each character a uniform choice (rejection
// sampling over crypto.getRandomValues). Kept apart from the passphrases, so that SPEC section 9's
// generatePassword() does not bring the EFF word list along: import both through generator.ts.
import { ALLOWED_SPECIAL_CHARACTERS } from './constants';
import { DEFAULT_GENERATOR_OPTIONS, type PasswordGeneratorOptions } from './generatorOptions';
import { cryptoRandom, uniformIndex, type RandomSource } from './randomIndex';

/** In this order they make SPEC section 9's alphabet (GENERATED_PASSWORD_ALPHABET). */
export const CHARACTER_SETS = {
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lowercase: 'abcdefghijklmnopqrstuvwxyz',
  digits: '0123456789',
  symbols: '!@#$%^&*',
} as const;
export type CharacterSetName = keyof typeof CHARACTER_SETS;
const SET_NAMES = Object.keys(CHARACTER_SETS) as CharacterSetName[];

/** Characters that are easily taken for one another (I l 1, O 0 o): left out on request. */
export const LOOK_ALIKE_CHARACTERS = 'Il1O0o';

export interface CharacterPool {
  /** Every character a position may take, each equally likely. */
  pool: string;
  /** For each chosen set, the characters of which a password must hold at least one. */
  required: string[];
}

/**
 * What a password of these options is drawn from. A chosen symbol set is satisfied only by a symbol that
 * the strength policy counts (SPEC section 5: ! @ $ % & *; # and ^ still appear anywhere), so that a
 * generated password never misses the policy's special character.
 */
export function characterPool(options: PasswordGeneratorOptions): CharacterPool {
  const keep = (chars: string) =>
    options.avoidLookAlike ? [...chars].filter((ch) => !LOOK_ALIKE_CHARACTERS.includes(ch)).join('') : chars;
  const chosen = SET_NAMES.filter((name) => options[name]);
  const sets = chosen.map((name) => keep(CHARACTER_SETS[name]));
  const required = chosen.map((name, i) =>
    name === 'symbols'
      ? [...sets[i]].filter((ch) => ALLOWED_SPECIAL_CHARACTERS.includes(ch)).join('')
      : sets[i],
  );
  return { pool: sets.join(''), required };
}

/**
 * Each character is a uniform choice from the pool. A candidate without a character of each chosen set
 * is thrown away whole and drawn again (never patched), so every password that meets the options is
 * equally likely: the result is uniform over exactly those passwords. The worst case, 8 characters from all
 * four sets without look-alikes, keeps about 3 candidates in 10; the default keeps 7 in 10.
 */
export function generateCharacters(options: PasswordGeneratorOptions, random: RandomSource): string {
  const { pool, required } = characterPool(options);
  for (;;) {
    let candidate = '';
    for (let i = 0; i < options.length; i += 1) candidate += pool[uniformIndex(pool.length, random)];
    if (required.every((set) => [...candidate].some((ch) => set.includes(ch)))) return candidate;
  }
}

/**
 * SPEC section 9's password: 16 characters from letters, digits and !@#$%^&* that pass the strength
 * policy. The same as generate(DEFAULT_GENERATOR_OPTIONS), without bringing the word list along.
 */
export function generatePassword(random: RandomSource = cryptoRandom): string {
  return generateCharacters(DEFAULT_GENERATOR_OPTIONS, random);
}

/**
 * Log2 of how many passwords these options can give, all equally likely: every string of the pool minus,
 * by inclusion-exclusion, those missing a chosen set.
 */
export function passwordEntropyBits(options: PasswordGeneratorOptions): number {
  const { pool, required } = characterPool(options);
  const n = pool.length;
  // Share of the n^length strings that hold a character of every required set.
  let share = 0;
  for (let subset = 0; subset < 1 << required.length; subset += 1) {
    let missing = 0;
    let size = 0;
    required.forEach((set, i) => {
      if (subset & (1 << i)) {
        missing += set.length;
        size += 1;
      }
    });
    share += (size % 2 === 0 ? 1 : -1) * ((n - missing) / n) ** options.length;
  }
  return options.length * Math.log2(n) + Math.log2(share);
}
