// KeePassXC: "Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created".
// The group path starts with the root group ("Root/Work/Clients"), which is left out; TOTP is an
// otpauth:// URI; the icon number is KeePassXC's own and is not kept. KeePassX and older exports have
// fewer columns (Title,Username,Password,URL,Notes,TOTP with no Group, or no TOTP): a file is read as
// KeePassXC's when it has the five common columns and a Group or a TOTP column.
import { draft, folderToCategory, parseDate, splitTags, titleOr, unique } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const keepassxcCsv: CsvFormat = {
  name: 'keepassxc-csv',
  columns: ['title', 'username', 'password', 'url', 'notes'],
  anyOf: ['group', 'totp'],
  mapped: [
    'group',
    'title',
    'username',
    'password',
    'url',
    'notes',
    'totp',
    'tags',
    'last modified',
    'created',
  ],
  ignored: ['icon'],
  read(cell: CsvRecord): ReadRow {
    const { category, tags } = folderToCategory(cell('group'), true);
    return draft({
      title: titleOr(cell('title'), cell('url')),
      website: cell('url'),
      email: cell('username'),
      password: cell('password'),
      notes: cell('notes'),
      totp: cell('totp'),
      category,
      tags: unique([...tags, ...splitTags(cell('tags'))]),
      createdAt: parseDate(cell('created')),
      updatedAt: parseDate(cell('last modified')),
    });
  },
};
