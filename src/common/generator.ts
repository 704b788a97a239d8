// Issue 14: the password generator. Random passwords from chosen character sets (passwordCharacters.ts),
// or passphrases from the EFF large word list (passphrase.ts); every choice is uniform (rejection sampling
// over crypto.getRandomValues). generatePassword() is SPEC section 9's: 16 characters from letters,
// digits and !@#$%^&*.
import { checkGeneratorOptions, type GeneratorOptions } from './generatorOptions';
import { generatePassphrase } from './passphrase';
import { generateCharacters, passwordEntropyBits } from './passwordCharacters';
import { cryptoRandom, type RandomSource } from './randomIndex';

export type { RandomSource } from './randomIndex';
export {
  CHARACTER_SETS,
  characterPool,
  generatePassword,
  LOOK_ALIKE_CHARACTERS,
  type CharacterPool,
  type CharacterSetName,
} from './passwordCharacters';

/** How many words the EFF large word list holds (6^5: five dice). */
export const EFF_LARGE_WORDLIST_SIZE = 7776;

/** A password or passphrase for these options; options that break the rules throw their message. */
export function generate(options: GeneratorOptions, random: RandomSource = cryptoRandom): string {
  const checked = checkGeneratorOptions(options);
  if (!checked.ok) throw new RangeError(checked.message);
  return checked.options.mode === 'password'
    ? generateCharacters(checked.options, random)
    : generatePassphrase(checked.options, random);
}

/**
 * The strength of what generate() makes, in bits: log2 of how many equally likely results there are.
 * Passwords: see passwordEntropyBits. Passphrases: words x log2(7,776), plus log2(words x 10) for the
 * added digit (capitals and the separator are fixed by the options and add nothing).
 */
export function entropyBits(options: GeneratorOptions): number {
  if (options.mode === 'password') return passwordEntropyBits(options);
  const words = options.words * Math.log2(EFF_LARGE_WORDLIST_SIZE);
  return options.includeNumber ? words + Math.log2(options.words * 10) : words;
}
