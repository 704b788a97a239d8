// A person's first and last name: SPEC section 5's rules, the same in the forms and the services.
import { MIN_NAME_LENGTH } from './constants';
import { MAX_NAME_LENGTH } from './limits';

export type NameLabel = 'First name' | 'Last name';

export const nameTexts = (label: NameLabel) => ({
  required: `${label} is required`,
  tooShort: `${label} must be at least ${MIN_NAME_LENGTH} characters`,
  tooLong: `${label} must be at most ${MAX_NAME_LENGTH} characters`,
});

/**
 * What is wrong with a name (once trimmed), or null. A registration asks for at least
 * MIN_NAME_LENGTH characters; the profile only for one.
 */
export function nameProblem(label: NameLabel, raw: string, at: 'registration' | 'profile'): string | null {
  const name = raw.trim();
  const texts = nameTexts(label);
  if (at === 'registration' && name.length < MIN_NAME_LENGTH) return texts.tooShort;
  if (!name) return texts.required;
  if (name.length > MAX_NAME_LENGTH) return texts.tooLong;
  return null;
}
