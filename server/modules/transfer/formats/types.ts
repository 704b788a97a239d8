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

/** A CSV record by column name (the header's names, trimmed and lower-cased). */
export type CsvRecord = (column: string) => string;

export interface CsvFormat {
  name: FormatName;
  /** Columns whose presence in the header identifies the format (lower case). */
  columns: readonly string[];
  read(record: CsvRecord): ReadRow;
}
