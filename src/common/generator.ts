// SPEC section 9: generated passwords are 16 characters from letters, digits and !@#$%^&*.
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from './constants';
import { isPasswordValid } from './passwordPolicy';

type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => unknown;

const defaultRandom: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** Uniform index below `n` by rejection sampling: no modulo bias. */
function uniformIndex(n: number, random: RandomSource): number {
  const limit = 256 - (256 % n);
  const byte = new Uint8Array(1);
  for (;;) {
    random(byte);
    if (byte[0] < limit) return byte[0] % n;
  }
}

/**
 * A CSPRNG password. Candidates that miss a class the strength policy demands are drawn again,
 * so the result is uniform over the policy-passing strings of the alphabet.
 */
export function generatePassword(random: RandomSource = defaultRandom): string {
  for (;;) {
    let candidate = '';
    for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i += 1) {
      candidate += GENERATED_PASSWORD_ALPHABET[uniformIndex(GENERATED_PASSWORD_ALPHABET.length, random)];
    }
    if (isPasswordValid(candidate)) return candidate;
  }
}
