// This product's own files: what export writes and import reads back, field for field. Export writes
// them a window of entries at a time (transfer exportStream.ts).
//
// JSON: { "version": 1, "exportedAt": ISO, "passwords": [ExportedEntry...] }, two-space indentation;
//       each entry has every field, `totp` ('' for none) and `fields` ([{ name, value, hidden }]) too.
// CSV:  name,url,username,password,note first (what other managers import as they are), then
//       email,category,favorite,tags,createdAt,updatedAt,totp,fields,entryUsername. `username` holds the
//       login other managers should use (the entry's username, else its e-mail); `entryUsername` is the
//       entry's own username ('' when it has none), so that a username equal to the e-mail survives the
//       round trip; `tags` are joined with `;` (a `;` or `\` inside a tag is escaped with `\`);
//       `favorite` is true or false; `totp` is the TOTP as stored (an otpauth:// URI or a base32
//       secret); `fields` is the custom fields as JSON text, [{"name":"PIN","value":"1234","hidden":true}],
//       and empty when there are none.
//
//       Formula neutralisation (a leading `'` on a cell that starts with = + - @, a tab or a carriage
//       return, so that a spreadsheet shows it as text) is applied to the descriptive cells only: name,
//       url, note, category, favorite, tags, createdAt, updatedAt. The credentials (username, password,
//       email, totp, entryUsername, and the fields cell, which is JSON and always starts with `[`) are written byte for
//       byte: every other manager reads cells literally, so a `'` there would change the credential.
//
//       Files of earlier versions (no totp column) neutralised every cell, the credentials too: a file
//       without the totp column has the `'` taken off every cell when it is read, as before; a file with
//       it, from the descriptive cells only.
import type { Category, TransferFormat } from '../../../../src/common/constants';
import type { CustomField, ExportedEntry } from '../../../../src/common/wire';
import { csvLine, neutralise, unneutralise } from './csv';
import { draft, folderToCategory, isCategory, parseDate, parseFlag, titleOr, unique } from './fields';
import { isRecord, textOf } from './json';
import type { CsvFormat, CsvRecord, EntryDraft, ReadRow } from './types';

export const EXPORT_VERSION = 1;

export const CSV_COLUMNS = [
  'name',
  'url',
  'username',
  'password',
  'note',
  'email',
  'category',
  'favorite',
  'tags',
  'createdAt',
  'updatedAt',
  'totp',
  'fields',
  'entryUsername',
] as const;

/** The cells of an entry's CSV record, in the order of CSV_COLUMNS. */
export function csvCells(entry: ExportedEntry): string[] {
  return [
    neutralise(entry.title),
    neutralise(entry.website),
    entry.username || entry.email,
    entry.password,
    neutralise(entry.notes),
    entry.email,
    neutralise(entry.category),
    entry.isFavorite ? 'true' : 'false',
    neutralise(joinTags(entry.tags)),
    neutralise(entry.createdAt),
    neutralise(entry.updatedAt),
    entry.totp,
    fieldsCell(entry.fields),
    entry.username,
  ];
}

/** The custom fields as one CSV cell: JSON text, or nothing when there are none. */
export function fieldsCell(fields: readonly CustomField[]): string {
  return fields.length === 0
    ? ''
    : JSON.stringify(fields.map(({ name, value, hidden }) => ({ name, value, hidden })));
}

export const FIELDS_CELL_INVALID =
  'The fields cell is not a JSON list of custom fields [{"name", "value", "hidden"}]';

export const FIELDS_INVALID = 'fields must be a list of custom fields [{ "name", "value", "hidden" }]';

/** Reads a fields cell back; undefined when it is not one. */
export function parseFieldsCell(cell: string): CustomField[] | undefined {
  if (!cell.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(cell);
  } catch {
    return undefined;
  }
  return Array.isArray(value) && value.every(isRecord) ? value.map(fieldOf) : undefined;
}

/** A custom field object of a file: its name and value as text, hidden when it says so. */
function fieldOf(value: Record<string, unknown>): CustomField {
  return { name: textOf(value.name), value: textOf(value.value), hidden: flagOf(value.hidden) };
}

/**
 * Writes an export a window of entries at a time, so that a vault of any size is formatted with one
 * window in memory: `head`, then `entries()` for each window in order, then `tail()` make the file.
 */
export interface ExportWriter {
  readonly head: string;
  entries(entries: readonly ExportedEntry[]): string;
  tail(): string;
}

/** Where an entry of `passwords` starts: JSON.stringify(…, null, 2) puts it on its own line, 4 deep. */
const JSON_ENTRY_BREAK = '\n    ';

/** The text JSON.stringify(file, null, 2) gives, built entry by entry, after `writtenBefore` entries. */
function jsonExportWriter(exportedAt: Date, writtenBefore: number): ExportWriter {
  let written = writtenBefore;
  return {
    head:
      `{\n  "version": ${EXPORT_VERSION},\n` +
      `  "exportedAt": ${JSON.stringify(exportedAt.toISOString())},\n  "passwords": [`,
    entries(entries) {
      let text = '';
      for (const entry of entries) {
        // Every line of the entry one level deeper; a string value never holds a raw line break.
        const body = JSON.stringify(entry, null, 2).replaceAll('\n', JSON_ENTRY_BREAK);
        text += (written === 0 ? '' : ',') + JSON_ENTRY_BREAK + body;
        written += 1;
      }
      return text;
    },
    tail: () => (written === 0 ? ']\n}' : '\n  ]\n}'),
  };
}

const csvExportWriter = (): ExportWriter => ({
  head: csvLine(CSV_COLUMNS),
  entries: (entries) => entries.map((entry) => csvLine(csvCells(entry))).join(''),
  tail: () => '',
});

/**
 * A writer for one export file: a new file, or with `written`, the rest of one whose first `written`
 * entries another writer wrote (a window formatted on a worker thread, exportWindows.ts).
 */
export function exportWriter(format: TransferFormat, exportedAt: Date, written = 0): ExportWriter {
  return format === 'csv' ? csvExportWriter() : jsonExportWriter(exportedAt, written);
}

/** A whole export file at once (tests, small vaults): what the writer's pieces join to. */
export function writeExport(
  format: TransferFormat,
  entries: readonly ExportedEntry[],
  exportedAt: Date,
): string {
  const writer = exportWriter(format, exportedAt);
  return writer.head + writer.entries(entries) + writer.tail();
}

export function joinTags(tags: string[]): string {
  return tags.map((tag) => tag.replace(/[\\;]/g, (char) => `\\${char}`)).join(';');
}

export function splitJoinedTags(cell: string): string[] {
  const tags: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i += 1) {
    const char = cell[i];
    if (char === '\\' && i + 1 < cell.length) {
      current += cell[i + 1];
      i += 1;
    } else if (char === ';') {
      tags.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  tags.push(current);
  return unique(tags.map((tag) => tag.trim()));
}

/** A category cell: one of ours as it is, a blank one `other`, any other name `other` plus a tag. */
function categoryOf(value: string): { category: Category; tags: string[] } {
  const name = value.trim().toLowerCase();
  if (!name) return { category: 'other', tags: [] };
  if (isCategory(name)) return { category: name, tags: [] };
  return folderToCategory(value);
}

/** Columns of the CSV whose cells are descriptive (neutralised on export); the others are read as they are. */
const DESCRIPTIVE = new Set([
  'name',
  'url',
  'note',
  'category',
  'favorite',
  'tags',
  'createdat',
  'updatedat',
]);

export const passvaultCsv: CsvFormat = {
  name: 'passvault-csv',
  columns: ['name', 'url', 'username', 'password', 'note', 'email', 'category', 'favorite', 'tags'],
  mapped: CSV_COLUMNS.map((column) => column.toLowerCase()),
  read(cell: CsvRecord, header: ReadonlySet<string>): ReadRow {
    // Earlier versions (no totp column) neutralised every cell; this one, the descriptive cells only.
    const current = header.has('totp');
    const get = (column: string) =>
      !current || DESCRIPTIVE.has(column) ? unneutralise(cell(column)) : cell(column);
    const email = get('email');
    const login = get('username');
    const { category, tags } = categoryOf(get('category'));
    const title = titleOr(get('name'), get('url'));
    const fields = parseFieldsCell(cell('fields'));
    if (!fields) return { title: title || '(untitled)', error: FIELDS_CELL_INVALID };
    return draft({
      title,
      website: get('url'),
      email,
      // The entry's own username, exactly; files without that column: the login column repeats the
      // e-mail when the entry has no username of its own.
      username: header.has('entryusername') ? cell('entryusername') : login === email ? '' : login,
      password: get('password'),
      notes: get('note'),
      category,
      isFavorite: parseFlag(get('favorite')),
      tags: unique([...splitJoinedTags(get('tags')), ...tags]),
      totp: cell('totp'),
      fields,
      createdAt: parseDate(get('createdat')),
      updatedAt: parseDate(get('updatedat')),
    });
  },
};

const first = (object: Record<string, unknown>, ...keys: string[]) => {
  for (const key of keys) if (object[key] !== undefined && object[key] !== null) return object[key];
  return undefined;
};

function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) return unique(value.map((tag) => textOf(tag).trim()));
  if (typeof value === 'string') return unique(value.split(/[,;]/).map((tag) => tag.trim()));
  return [];
}

function flagOf(value: unknown): boolean {
  return typeof value === 'boolean' ? value : parseFlag(textOf(value));
}

/**
 * An entry object of our JSON export or of a bare array: this product's field names, and the obvious
 * other spellings (name, url, note, favorite) that hand-made lists use.
 */
export function readEntryObject(value: unknown): ReadRow {
  if (!isRecord(value)) return { title: '(untitled)', error: 'Not an entry: expected an object' };
  const text = (...keys: string[]) => textOf(first(value, ...keys));
  const { category, tags } = categoryOf(text('category', 'folder'));
  const title = titleOr(text('title', 'name'), text('website', 'url', 'uri'));
  const fields = value.fields ?? [];
  if (!Array.isArray(fields) || !fields.every(isRecord)) {
    return { title: title || '(untitled)', error: FIELDS_INVALID };
  }
  const entry: EntryDraft = draft({
    title,
    email: text('email'),
    username: text('username', 'login'),
    password: text('password'),
    website: text('website', 'url', 'uri'),
    category,
    isFavorite: flagOf(first(value, 'isFavorite', 'favorite')),
    notes: text('notes', 'note'),
    tags: unique([...tagsOf(value.tags), ...tags]),
    totp: text('totp', 'otp'),
    fields: fields.map(fieldOf),
    createdAt: parseDate(first(value, 'createdAt', 'created_at')),
    updatedAt: parseDate(first(value, 'updatedAt', 'updated_at')),
  });
  return entry;
}
