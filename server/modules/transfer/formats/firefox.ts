// Firefox (about:logins, "Export Logins…"): every cell quoted, no names, times in milliseconds:
// "url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed",
// "timePasswordChanged". The title is the host of the URL.
import { draft, parseDate, titleFromUrl } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const firefoxCsv: CsvFormat = {
  name: 'firefox-csv',
  columns: ['url', 'username', 'password', 'httprealm', 'formactionorigin', 'guid'],
  read(cell: CsvRecord): ReadRow {
    const created = parseDate(cell('timecreated'));
    return draft({
      title: titleFromUrl(cell('url')),
      website: cell('url'),
      email: cell('username'),
      password: cell('password'),
      createdAt: created,
      updatedAt: parseDate(cell('timepasswordchanged')) ?? created,
    });
  },
};
