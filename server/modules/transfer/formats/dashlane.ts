// Dashlane's credentials.csv: username,username2,username3,title,password,note,url,category,otpSecret
// (newer files: otpUrl). The first login goes to "Email or username", the second to the username, a
// third into the notes; the category is treated like a folder.
import { draft, folderToCategory, titleOr, withExtras } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const dashlaneCsv: CsvFormat = {
  name: 'dashlane-csv',
  columns: ['username', 'username2', 'username3', 'title', 'password', 'note', 'url'],
  read(cell: CsvRecord): ReadRow {
    const { category, tags } = folderToCategory(cell('category'));
    return draft({
      title: titleOr(cell('title'), cell('url')),
      website: cell('url'),
      email: cell('username'),
      username: cell('username2'),
      password: cell('password'),
      notes: withExtras(cell('note'), [
        ['Other login', cell('username3')],
        ['TOTP', cell('otpsecret') || cell('otpurl')],
      ]),
      category,
      tags,
    });
  },
};
