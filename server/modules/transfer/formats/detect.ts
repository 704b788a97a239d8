// Which manager wrote the file, from its content alone: JSON by its shape, CSV by the names in its
// header. The `format` the client sends (json or csv) is only what the file is called; a JSON file
// pasted with csv selected is still read.
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
import type { CsvFormat, ReadResult } from './types';

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
  'entries [{ "title", "password", ... }], or an unencrypted Bitwarden export { "items": [...] }';

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
  return CSV_FORMATS.find((format) => format.columns.every((column) => names.has(column)));
}

function readCsv(text: string): ReadResult {
  const [header, ...records] = parseCsv(text);
  const format = header ? detectCsvFormat(header) : undefined;
  if (!format) throw badRequest(UNRECOGNISED_CSV);
  const index = new Map<string, number>();
  normaliseHeader(header).forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  const rows = records.map((record) =>
    format.read((column) => {
      const i = index.get(column);
      return i === undefined ? '' : (record[i] ?? '');
    }),
  );
  return { format: format.name, rows };
}
