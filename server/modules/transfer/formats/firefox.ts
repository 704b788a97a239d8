// Firefox (about:logins, "Export Logins…"): every cell quoted, no names, times in milliseconds:
// "url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed",
// "timePasswordChanged". The title is the host of the URL. The realm, form origin, guid and last-use
// time are Firefox's bookkeeping and are not kept.
//
// Firefox also writes its own sync account into the file: url chrome://FirefoxAccounts, a password
// that is the JSON of its sync keys. That is no saved login; it is reported as skipped, as Bitwarden
// skips it.
import { draft, parseDate, titleFromUrl } from './fields';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

export const FIREFOX_ACCOUNTS_URL = 'chrome://FirefoxAccounts';

export const FIREFOX_ACCOUNTS_SKIPPED =
  "Skipped: this is Firefox's own sync account record (chrome://FirefoxAccounts), not a saved login";

export const firefoxCsv: CsvFormat = {
  name: 'firefox-csv',
  columns: ['url', 'username', 'password', 'httprealm', 'formactionorigin', 'guid'],
  mapped: ['url', 'username', 'password', 'timecreated', 'timepasswordchanged'],
  ignored: ['httprealm', 'formactionorigin', 'guid', 'timelastused'],
  read(cell: CsvRecord): ReadRow {
    if (cell('url').trim().toLowerCase() === FIREFOX_ACCOUNTS_URL.toLowerCase()) {
      return { title: FIREFOX_ACCOUNTS_URL, error: FIREFOX_ACCOUNTS_SKIPPED };
    }
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
