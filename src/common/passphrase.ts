// Issue 14: passphrases of words from the EFF large word list, each word a uniform choice of 7,776.
import { EFF_LARGE_WORDLIST } from './effLargeWordlist';
import type { PassphraseGeneratorOptions } from './generatorOptions';
import { cryptoRandom, pick, uniformIndex, type RandomSource } from './randomIndex';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `options.words` words joined by the separator, each chosen uniformly (and independently) from the list.
 * With `includeNumber`, one word chosen uniformly gets a uniform digit 0-9 at its end.
 * The options are taken as valid: `generate()` checks them first.
 */
export function generatePassphrase(
  options: PassphraseGeneratorOptions,
  random: RandomSource = cryptoRandom,
): string {
  const words = Array.from({ length: options.words }, () => pick(EFF_LARGE_WORDLIST, random));
  const shaped = options.capitalise ? words.map(capitalise) : words;
  if (options.includeNumber) {
    const at = uniformIndex(shaped.length, random);
    shaped[at] += String(uniformIndex(10, random));
  }
  return shaped.join(options.separator);
}
