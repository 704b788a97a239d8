// Dashlane's credentials.csv: username,username2,username3,title,password,note,url,category,otpSecret
// (newer files: otpUrl, an otpauth:// URI, instead of the bare secret). The first login goes to "Email
// or username", the second to the username; a third has no field of its own and becomes the custom
// field "username3" (detect.ts), as Bitwarden imports it. The category is treated like a folder.
import { draft, folderToCategory, titleOr } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const dashlaneCsv: CsvFormat = {
  name: 'dashlane-csv',
  columns: ['username', 'username2', 'username3', 'title', 'password', 'note', 'url'],
  mapped: ['username', 'username2', 'title', 'password', 'note', 'url', 'category', 'otpsecret', 'otpurl'],
  read(cell: CsvRecord): ReadRow {
    const { category, tags } = folderToCategory(cell('category'));
    return draft({
      title: titleOr(cell('title'), cell('url')),
      website: cell('url'),
      email: cell('username'),
      username: cell('username2'),
      password: cell('password'),
      notes: cell('note'),
      totp: cell('otpurl') || cell('otpsecret'),
      category,
      tags,
    });
  },
};
