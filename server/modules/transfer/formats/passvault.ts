// This product's own files: what export writes and import reads back, field for field. Export writes
// them a window of entries at a time (transfer exportStream.ts).
//
// JSON: { "version": 1, "exportedAt": ISO, "passwords": [ExportedEntry...] }, two-space indentation.
// CSV:  name,url,username,password,note first (what other managers import as they are), then
//       email,category,favorite,tags,createdAt,updatedAt. `username` holds the login other managers
//       should use (the entry's username, else its e-mail); `tags` are joined with `;` (a `;` or `\`
//       inside a tag is escaped with `\`); `favorite` is true or false.
import type { Category, TransferFormat } from '../../../../src/common/constants';
import type { ExportedEntry } from '../../../../src/common/wire';
import { csvLine, unneutralise } from './csv';
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
] as const;

/** The cells of an entry's CSV record, in the order of CSV_COLUMNS. */
export function csvCells(entry: ExportedEntry): string[] {
  return [
    entry.title,
    entry.website,
    entry.username || entry.email,
    entry.password,
    entry.notes,
    entry.email,
    entry.category,
    entry.isFavorite ? 'true' : 'false',
    joinTags(entry.tags),
    entry.createdAt,
    entry.updatedAt,
  ];
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

/** The text JSON.stringify(file, null, 2) gives, built entry by entry. */
function jsonExportWriter(exportedAt: Date): ExportWriter {
  let written = 0;
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

/** A writer for one export file (each call starts a new file). */
export function exportWriter(format: TransferFormat, exportedAt: Date): ExportWriter {
  return format === 'csv' ? csvExportWriter() : jsonExportWriter(exportedAt);
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

export const passvaultCsv: CsvFormat = {
  name: 'passvault-csv',
  columns: ['name', 'url', 'username', 'password', 'note', 'email', 'category', 'favorite', 'tags'],
  read(cell: CsvRecord): ReadRow {
    const get = (column: string) => unneutralise(cell(column));
    const email = get('email');
    const login = get('username');
    const { category, tags } = categoryOf(get('category'));
    return draft({
      title: titleOr(get('name'), get('url')),
      website: get('url'),
      email,
      // The login column repeats the e-mail when the entry has no username of its own.
      username: login === email ? '' : login,
      password: get('password'),
      notes: get('note'),
      category,
      isFavorite: parseFlag(get('favorite')),
      tags: unique([...splitJoinedTags(get('tags')), ...tags]),
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
  const entry: EntryDraft = draft({
    title: titleOr(text('title', 'name'), text('website', 'url', 'uri')),
    email: text('email'),
    username: text('username', 'login'),
    password: text('password'),
    website: text('website', 'url', 'uri'),
    category,
    isFavorite: flagOf(first(value, 'isFavorite', 'favorite')),
    notes: text('notes', 'note'),
    tags: unique([...tagsOf(value.tags), ...tags]),
    createdAt: parseDate(first(value, 'createdAt', 'created_at')),
    updatedAt: parseDate(first(value, 'updatedAt', 'updated_at')),
  });
  return entry;
}
