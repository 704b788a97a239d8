// This product's own files: what export writes and import reads back, field for field.
//
// JSON: { "version": 1, "exportedAt": ISO, "passwords": [ExportedEntry...] }, two-space indentation.
// CSV:  name,url,username,password,note first (what other managers import as they are), then
//       email,category,favorite,tags,createdAt,updatedAt. `username` holds the login other managers
//       should use (the entry's username, else its e-mail); `tags` are joined with `;` (a `;` or `\`
//       inside a tag is escaped with `\`); `favorite` is true or false.
import type { Category } from '../../../../src/common/constants';
import type { ExportedEntry } from '../../../../src/common/wire';
import { unneutralise, writeCsv } from './csv';
import { draft, folderToCategory, isCategory, parseDate, parseFlag, titleOr, unique } from './fields';
import { isRecord, textOf } from './json';
import type { CsvFormat, CsvRecord, EntryDraft, ReadRow } from './types';

export const EXPORT_VERSION = 1;

export function writeJsonExport(entries: ExportedEntry[], exportedAt: Date): string {
  return JSON.stringify(
    { version: EXPORT_VERSION, exportedAt: exportedAt.toISOString(), passwords: entries },
    null,
    2,
  );
}

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

export function writeCsvExport(entries: ExportedEntry[]): string {
  return writeCsv(
    CSV_COLUMNS,
    entries.map((entry) => [
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
    ]),
  );
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
