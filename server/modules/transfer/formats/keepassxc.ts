// KeePassXC: "Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created".
// The group path starts with the root group ("Root/Work/Clients"), which is left out.
import { draft, folderToCategory, parseDate, titleOr, withExtras } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const keepassxcCsv: CsvFormat = {
  name: 'keepassxc-csv',
  columns: ['group', 'title', 'username', 'password', 'url', 'notes'],
  read(cell: CsvRecord): ReadRow {
    const { category, tags } = folderToCategory(cell('group'), true);
    return draft({
      title: titleOr(cell('title'), cell('url')),
      website: cell('url'),
      email: cell('username'),
      password: cell('password'),
      notes: withExtras(cell('notes'), [['TOTP', cell('totp')]]),
      category,
      tags,
      createdAt: parseDate(cell('created')),
      updatedAt: parseDate(cell('last modified')),
    });
  },
};
