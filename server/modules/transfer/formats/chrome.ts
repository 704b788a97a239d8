// Chrome, Edge, Brave and Opera: name,url,username,password and, in newer versions, note. Chrome names an
// entry after the site's host; a row without a name takes the host of its URL. This is also the layout
// of a hand-made CSV: any further column becomes a custom field (or the TOTP, detect.ts).
import { draft, titleOr } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const chromeCsv: CsvFormat = {
  name: 'chrome-csv',
  columns: ['name', 'url', 'username', 'password'],
  mapped: ['name', 'url', 'username', 'password', 'note'],
  read(cell: CsvRecord): ReadRow {
    return draft({
      title: titleOr(cell('name'), cell('url')),
      website: cell('url'),
      email: cell('username'),
      password: cell('password'),
      notes: cell('note'),
    });
  },
};
