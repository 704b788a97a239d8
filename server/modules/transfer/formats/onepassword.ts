// 1Password's CSV exports, read by column name:
// - 1Password 8: Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes (some versions:
//   Website, One-time password, Favorite status, Archived status). OTPAuth is an otpauth:// URI.
// - 1Password 7 for Windows: Title,Url,Username,Password,Notes,Type (and more columns when "all fields"
//   are exported).
// - 1Password 7 for Mac: its columns in lower or mixed case (Title, username, password, URL, notesPlain,
//   Tags, Type, and one column per field of other item types, "number(ccnum)"), quotes escaped with a
//   backslash (csv.ts), tags written as an Apple set: {(\n    "Starter Kit",\n    Personal\n)}.
// Tags are comma-separated in their cell; an archived item keeps that fact as the tag `archived`. An
// item of another type without a password (an identity, a card) is reported; its fields are not read.
// ainfo (a summary 1Password shows under the title), autosubmit, scope and uuid are 1Password's own.
import { draft, notALogin, parseFlag, splitTags, titleOr, unique, withArticle } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const onePasswordCsv: CsvFormat = {
  name: '1password-csv',
  columns: ['title', 'username', 'password'],
  anyOf: ['notes', 'notesplain'],
  mapped: [
    'title',
    'website',
    'url',
    'username',
    'password',
    'notes',
    'notesplain',
    'one-time password',
    'otpauth',
    'favorite status',
    'favorite',
    'archived status',
    'archived',
    'tags',
    'type',
  ],
  ignored: ['ainfo', 'autosubmit', 'scope', 'uuid'],
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
      notes: cell('notes') || cell('notesplain'),
      totp: cell('one-time password') || cell('otpauth'),
      isFavorite: parseFlag(cell('favorite status') || cell('favorite')),
      tags: unique([...tagsOf(cell('tags')), ...(archived ? ['archived'] : [])]),
    });
  },
};

/** A tags cell: `work,important`, or 1Password 7 for Mac's Apple set `{(\n    "Starter Kit"\n)}`. */
function tagsOf(cell: string): string[] {
  const set = /^\s*\{?\(([\s\S]*)\)\}?\s*$/.exec(cell);
  return set ? unique(appleListItems(set[1]).map((tag) => tag.trim())) : splitTags(cell);
}

/** The items of an Apple list's text: bare words, or quoted text with `\"` and `\\` escaped. */
function appleListItems(text: string): string[] {
  const items: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === ',' || /\s/.test(char)) {
      i += 1;
    } else if (char === '"') {
      let item = '';
      i += 1;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) i += 1;
        item += text[i];
        i += 1;
      }
      items.push(item);
      i += 1;
    } else {
      const end = text.slice(i).search(/[,\n]/);
      const stop = end < 0 ? text.length : i + end;
      items.push(text.slice(i, stop));
      i = stop;
    }
  }
  return items;
}
