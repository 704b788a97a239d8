// LastPass: url,username,password,totp,extra,name,grouping,fav (older files have no totp). `extra` is the
// note, `totp` the TOTP secret, `grouping` the folder path (sub-folders separated by `\`), `fav` 1 or 0.
// Secure notes carry the URL http://sn and are reported, not imported.
import { draft, folderToCategory, notALogin, parseFlag, titleOr } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

const SECURE_NOTE_URL = 'http://sn';

export const lastpassCsv: CsvFormat = {
  name: 'lastpass-csv',
  columns: ['url', 'username', 'password', 'extra', 'name', 'grouping', 'fav'],
  mapped: ['url', 'username', 'password', 'totp', 'extra', 'name', 'grouping', 'fav'],
  read(cell: CsvRecord): ReadRow {
    if (cell('url').trim() === SECURE_NOTE_URL) {
      return notALogin(cell('name'), 'a secure note');
    }
    const { category, tags } = folderToCategory(cell('grouping'));
    return draft({
      title: titleOr(cell('name'), cell('url')),
      website: cell('url'),
      email: cell('username'),
      password: cell('password'),
      notes: cell('extra'),
      totp: cell('totp'),
      isFavorite: parseFlag(cell('fav')),
      category,
      tags,
    });
  },
};
