import { ALLOWED_SPECIAL_CHARACTERS } from '../../common/constants';

/**
 * The required rules a password misses (passwordPolicy's `missing`), as a person reads them: the special
 * characters that count are named, as `#` or `-` do not count and people expect them to.
 */
export function missingRulesText(missing: string[]): string {
  return missing
    .map((rule) =>
      rule === 'special character' ? `special character (one of ${ALLOWED_SPECIAL_CHARACTERS})` : rule,
    )
    .join(', ');
}
