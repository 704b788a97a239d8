// An entry as lists carry it (PasswordEntry of src/common/entry.ts), and how it is stored with the row. A
// window of the list is read on every scroll and after every change, so what can be written once per
// save is: `passwords.list_json` holds the entry's answer as JSON, written by the repository with every
// write of the row (and again when the number of entries sharing its password changes), so that a
// window reads one text per entry and answers them joined. Only the listed custom fields, sealed with
// the server key, are put in by the read, for the entries that have them.
import { CATEGORIES, type Category } from '../../../src/common/constants';
import type { ListedField, PasswordEntry } from '../../../src/common/wire';

const DEFAULT_CATEGORY: Category = 'other';

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

function parseTags(json: string): string[] {
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * An entry's listed form as UTF-8 bytes, as the window cache keeps it: `length` bytes at `at` in `pack`,
 * where a comma follows each entry but the last (listAnswer.ts packs and joins them).
 */
export interface PackedJson {
  pack: Buffer;
  at: number;
  length: number;
}

/** The columns an entry's listed form is made of (never a secret). */
export interface ListedColumns {
  id: string;
  title: string;
  email: string;
  username: string;
  website: string;
  category: string;
  is_favorite: number | boolean;
  tags: string;
  has_totp?: number | boolean | null;
  has_notes: number | boolean | null;
  strength: number | string | null;
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The plain columns of a row as answers and export files carry them. */
export function plainFieldsOf(
  row: Omit<ListedColumns, 'id' | 'has_totp' | 'has_notes' | 'strength' | 'password_changed_at'>,
) {
  return {
    title: row.title,
    email: row.email,
    username: row.username,
    website: row.website,
    category: isCategory(row.category) ? row.category : DEFAULT_CATEGORY,
    isFavorite: Number(row.is_favorite) === 1,
    tags: parseTags(row.tags),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** How many entries use the password, as answers say it: 0 when only this one does. */
export function reusedIn(count: number | string | null | undefined): number {
  const entries = Number(count ?? 0);
  return entries > 1 ? entries : 0;
}

/** The columns of the stored listed form: the entry's own, and how many entries share its password. */
export type StoredListColumns = ListedColumns & { reuse_count: number | string | null };

/** The listed form but for `fields`, which the read adds (they are sealed with the server key). */
function listedPartOf(row: StoredListColumns): Omit<PasswordEntry, 'fields'> {
  const { createdAt, updatedAt, ...plain } = plainFieldsOf(row);
  return {
    _id: row.id,
    ...plain,
    hasTotp: Number(row.has_totp ?? 0) === 1,
    hasNotes: Number(row.has_notes ?? 0) === 1,
    health: {
      strength: row.strength === null ? null : Number(row.strength),
      reusedIn: reusedIn(row.reuse_count),
      passwordChangedAt: row.password_changed_at,
    },
    createdAt,
    updatedAt,
  };
}

/** What `list_json` ends with: the listed fields, empty until a read puts in those of the entry. */
const NO_FIELDS = '"fields":[]}';

/** `passwords.list_json`: the row's listed form as JSON, its last member `"fields":[]`. */
export function listJsonOf(row: StoredListColumns): string {
  // JSON.stringify keeps the order of the members: `fields` is last, as listedEntryJson expects.
  return JSON.stringify({ ...listedPartOf(row), fields: [] });
}

/**
 * The entry as lists answer it, as JSON: the stored `list_json` as it is, or, when the entry has listed
 * custom fields, with them in place of the empty list its text ends with.
 */
export function listedEntryJson(listJson: string, fields: ListedField[]): string {
  if (fields.length === 0) return listJson;
  return `${listJson.slice(0, -NO_FIELDS.length)}"fields":${JSON.stringify(fields)}}`;
}

/** The same entry as an object, for the answers about one entry (create, update, favourite, reveal). */
export function listedEntryOf(row: StoredListColumns, fields: ListedField[]): PasswordEntry {
  return { ...listedPartOf(row), fields };
}

/** The place of the entry a `list_json` is of, in each order of the list (a window's cursor). */
export function positionOf(listJson: string): {
  id: string;
  createdAt: string;
  updatedAt: string;
  isFavorite: boolean;
} {
  const entry = JSON.parse(listJson) as PasswordEntry;
  return {
    id: entry._id,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    isFavorite: entry.isFavorite,
  };
}
