// 1Password. 1Password 8: Title,Website,Username,Password,One-time password,Favorite status,
// Archived status,Tags,Notes (some versions: Url, OTPAuth, Favorite, Archived). 1Password 7:
// Title,Url,Username,Password,Notes,Type. Tags are comma-separated in their cell; an archived item
// keeps that fact as the tag `archived`.
import { draft, notALogin, parseFlag, splitTags, titleOr, unique, withArticle, withExtras } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const onePasswordCsv: CsvFormat = {
  name: '1password-csv',
  columns: ['title', 'username', 'password', 'notes'],
  read(cell: CsvRecord): ReadRow {
    const type = cell('type').trim();
    if (type && !/^login$/i.test(type) && !cell('password')) {
      return notALogin(cell('title'), withArticle(type.toLowerCase()));
    }
    const website = cell('website') || cell('url');
    const archived = parseFlag(cell('archived status') || cell('archived'));
    return draft({
      title: titleOr(cell('title'), website),
      website,
      email: cell('username'),
      password: cell('password'),
      notes: withExtras(cell('notes'), [['TOTP', cell('one-time password') || cell('otpauth')]]),
      isFavorite: parseFlag(cell('favorite status') || cell('favorite')),
      tags: unique([...splitTags(cell('tags')), ...(archived ? ['archived'] : [])]),
    });
  },
};
