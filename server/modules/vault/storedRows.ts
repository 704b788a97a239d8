// What a write stores besides an entry's own columns: its search text, its sort key by name, its listed
// form and its reuse count. Pure, so that the worker threads that seal an import's entries make them too
// (bulkCrypto.ts); the repository makes them for every other write, and corrects an import's reuse
// counts against the entries already in the vault.
import type { Insertable } from 'kysely';
import type { PasswordsTable } from '../../db/schema';
import { listJsonOf, type StoredListColumns } from './listedEntry';
import { searchTextOf, titleSortOf } from './searchText';

/** Columns the repository derives from the others on every write. */
export type DerivedColumn = 'search_text' | 'title_sort' | 'list_json' | 'reuse_count';
/** A new row; its derived columns are made from the row itself and the owner's other entries. */
export type NewPasswordRow = Omit<Insertable<PasswordsTable>, DerivedColumn>;
/** A new row with its derived columns, as inserted. */
export type StoredNewRow = NewPasswordRow & ReturnType<typeof derivedColumns>;

/** A row's columns as the derived ones are made from (optional columns with their defaults). */
export type SourceColumns = Omit<StoredListColumns, 'has_totp' | 'reuse_count'> & {
  has_totp?: number | null;
};

/** The derived columns of a row, given how many of the owner's entries (itself included) share its password. */
export function derivedColumns(row: SourceColumns, reuseCount: number) {
  return {
    search_text: searchTextOf(row),
    title_sort: titleSortOf(row.title),
    list_json: listJsonOf({ ...row, reuse_count: reuseCount }),
    reuse_count: reuseCount,
  };
}

/** A new row as stored, given how many of the owner's entries (itself included) share its password. */
export function storedRow(row: NewPasswordRow, reuseCount: number): StoredNewRow {
  const source: SourceColumns = {
    ...row,
    email: row.email ?? '',
    username: row.username ?? '',
    website: row.website ?? '',
    category: row.category ?? 'other',
    is_favorite: row.is_favorite ?? 0,
    tags: row.tags ?? '[]',
    strength: row.strength ?? null,
    password_changed_at: row.password_changed_at ?? null,
    has_notes: row.has_notes ?? 0,
  };
  return { ...row, ...derivedColumns(source, reuseCount) };
}

/** How many rows of `rows` have each password fingerprint. */
export function fingerprintCounts(rows: readonly { reuse_fp?: string | null }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) if (row.reuse_fp) counts.set(row.reuse_fp, (counts.get(row.reuse_fp) ?? 0) + 1);
  return counts;
}
