import type { EntryContent } from '../../../../src/common/wire';

/**
 * One entry as a reader understood it (the one entry shape; the dates only when the file has them); the
 * service checks it (title, password, lengths) before use.
 */
export type EntryDraft = EntryContent;

/** A row the reader could not take at all (a secure note, a card, not an object). */
export interface RowRejection {
  title: string;
  error: string;
}

export type ReadRow = EntryDraft | RowRejection;

export function isRejection(row: ReadRow): row is RowRejection {
  return 'error' in row;
}

export type FormatName =
  | 'passvault-json'
  | 'passvault-csv'
  | 'json-array'
  | 'bitwarden-json'
  | 'bitwarden-csv'
  | 'chrome-csv'
  | 'firefox-csv'
  | 'lastpass-csv'
  | 'keepassxc-csv'
  | '1password-csv'
  | 'dashlane-csv';

export interface ReadResult {
  format: FormatName;
  rows: ReadRow[];
}

/** A CSV record by column name (the header's names, trimmed and lower-cased); '' for a missing one. */
export type CsvRecord = (column: string) => string;

export interface CsvFormat {
  name: FormatName;
  /** Columns whose presence in the header identifies the format (lower case). */
  columns: readonly string[];
  /** When given, at least one of these columns must be present too (lower case). */
  anyOf?: readonly string[];
  /**
   * Every column `read` takes into the entry (lower case). Any other column of the file, unless it is
   * listed in `ignored`, becomes the TOTP or a custom field of each entry (detect.ts), even one of
   * `columns` (Dashlane's username3): nothing is dropped unseen.
   */
  mapped: readonly string[];
  /** The manager's own bookkeeping (ids, icons, last-used times), left out on purpose (lower case). */
  ignored?: readonly string[];
  /** `header` holds the file's column names (lower case), for readers whose layout has versions. */
  read(record: CsvRecord, header: ReadonlySet<string>): ReadRow;
}
