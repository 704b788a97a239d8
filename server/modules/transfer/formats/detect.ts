// Which manager wrote the file, from its content alone: JSON by its shape, CSV by the names in its
// header. The `format` the client sends (json or csv) is only what the file is called; a JSON file
// pasted with csv selected is still read.
//
// A CSV column that the manager's reader does not map (and that is not one of the manager's own
// bookkeeping columns it leaves out on purpose) is never dropped: a TOTP column (totp, otpauth,
// one-time password…) becomes the entry's TOTP when the reader found none, any other column a custom
// field of each entry whose cell is not blank, shown (not hidden), named by the column's header.
import type { CustomField } from '../../../../src/common/wire';
import { badRequest } from '../../../http/errors';
import { bitwardenCsv, isBitwardenJson, readBitwardenJson } from './bitwarden';
import { chromeCsv } from './chrome';
import { parseCsv } from './csv';
import { dashlaneCsv } from './dashlane';
import { firefoxCsv } from './firefox';
import { isRecord, parseJsonText } from './json';
import { keepassxcCsv } from './keepassxc';
import { lastpassCsv } from './lastpass';
import { onePasswordCsv } from './onepassword';
import { EXPORT_VERSION, passvaultCsv, readEntryObject } from './passvault';
import { isRejection, type CsvFormat, type ReadResult, type ReadRow } from './types';

/** Most specific first: our CSV holds Chrome's columns, KeePassXC's hold those of 1Password. */
export const CSV_FORMATS: readonly CsvFormat[] = [
  passvaultCsv,
  bitwardenCsv,
  firefoxCsv,
  lastpassCsv,
  keepassxcCsv,
  dashlaneCsv,
  onePasswordCsv,
  chromeCsv,
];

export const EMPTY_DATA = 'The import data is empty';

export const UNRECOGNISED_CSV =
  'Unrecognised CSV file: the first line must name the columns, at least name,url,username,password ' +
  '(optionally note,email,category,favorite,tags), or be the header of a Bitwarden, Firefox, LastPass, ' +
  'KeePassXC, 1Password or Dashlane export';

export const UNRECOGNISED_JSON =
  'Unrecognised JSON file: expected a PassVault export { "version": 1, "passwords": [...] }, a list of ' +
  'entries [{ "title", "password", ... }], or an unencrypted Bitwarden export ' +
  '{ "encrypted": false, "items": [{ "type": 1, "login": {...} }] }';

export function readImport(data: string): ReadResult {
  const text = data.replace(/^\uFEFF/, '');
  const start = text.trimStart()[0];
  if (start === undefined) throw badRequest(EMPTY_DATA);
  return start === '{' || start === '[' ? readJson(text) : readCsv(text);
}

function readJson(text: string): ReadResult {
  const document = parseJsonText(text);
  if (Array.isArray(document)) return { format: 'json-array', rows: document.map(readEntryObject) };
  if (isRecord(document) && Array.isArray(document.passwords)) {
    if (document.version !== undefined && document.version !== EXPORT_VERSION) {
      // Named only when it is a plain number or short text: the file is not echoed back.
      const version =
        typeof document.version === 'number' ||
        (typeof document.version === 'string' && document.version.length <= 20)
          ? ` ${document.version}`
          : '';
      throw badRequest(
        `Unsupported PassVault export version${version}: this server reads version ${EXPORT_VERSION}`,
      );
    }
    return { format: 'passvault-json', rows: document.passwords.map(readEntryObject) };
  }
  if (isBitwardenJson(document)) return { format: 'bitwarden-json', rows: readBitwardenJson(document) };
  throw badRequest(UNRECOGNISED_JSON);
}

/** The header's names as the readers look them up: trimmed, lower case. */
function normaliseHeader(header: string[]): string[] {
  return header.map((name) => name.trim().toLowerCase());
}

export function detectCsvFormat(header: string[]): CsvFormat | undefined {
  const names = new Set(normaliseHeader(header));
  return CSV_FORMATS.find(
    (format) =>
      format.columns.every((column) => names.has(column)) &&
      (format.anyOf === undefined || format.anyOf.some((column) => names.has(column))),
  );
}

/** Headers of a column that holds a TOTP, whatever the manager calls it (lower case). */
export const TOTP_COLUMNS: ReadonlySet<string> = new Set([
  'totp',
  'otp',
  'otpauth',
  'otp auth',
  'otpsecret',
  'otp secret',
  'otpurl',
  'otp url',
  'login_totp',
  'one-time password',
  'one time password',
  '2fa',
]);

/** A column of the file that the format's reader does not map. */
interface ExtraColumn {
  index: number;
  /** The field's name: the header as written (trimmed), or "Column N" when it has none. */
  name: string;
  totp: boolean;
}

/** The columns no reader looks at: unknown ones, and repeats of a known one (readers see the first). */
function extraColumns(format: CsvFormat, header: string[]): ExtraColumn[] {
  const known = new Set([...format.mapped, ...(format.ignored ?? [])]);
  const seen = new Set<string>();
  return normaliseHeader(header).flatMap((name, index) => {
    const repeat = seen.has(name);
    seen.add(name);
    if (known.has(name) && !repeat) return [];
    return [{ index, name: header[index].trim() || `Column ${index + 1}`, totp: TOTP_COLUMNS.has(name) }];
  });
}

/**
 * The row with what its unmapped cells hold: the TOTP when it has none yet, else custom fields. Cells
 * past the header's last column (a record longer than the header) count as columns "Column N".
 */
function withExtras(row: ReadRow, record: string[], extras: ExtraColumn[], width: number): ReadRow {
  if (isRejection(row) || (extras.length === 0 && record.length <= width)) return row;
  let { totp } = row;
  const fields: CustomField[] = [];
  const beyond = record
    .slice(width)
    .map((_, i): ExtraColumn => ({ index: width + i, name: `Column ${width + i + 1}`, totp: false }));
  for (const column of [...extras, ...beyond]) {
    const value = record[column.index] ?? '';
    if (!value.trim()) continue;
    if (column.totp && !totp.trim()) totp = value;
    else fields.push({ name: column.name, value, hidden: false });
  }
  return fields.length === 0 && totp === row.totp
    ? row
    : { ...row, totp, fields: [...row.fields, ...fields] };
}

function readCsv(text: string): ReadResult {
  const [header, ...records] = parseCsv(text);
  const format = header ? detectCsvFormat(header) : undefined;
  if (!format) throw badRequest(UNRECOGNISED_CSV);
  const names = normaliseHeader(header);
  const index = new Map<string, number>();
  names.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  const columns: ReadonlySet<string> = new Set(names);
  const extras = extraColumns(format, header);
  const rows = records.map((record) =>
    withExtras(
      format.read((column) => {
        const i = index.get(column);
        return i === undefined ? '' : (record[i] ?? '');
      }, columns),
      record,
      extras,
      header.length,
    ),
  );
  return { format: format.name, rows };
}
