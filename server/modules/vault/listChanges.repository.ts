// The vault module's reads of the list's change log (migration 027): where an owner's list stands, and
// what changed after a version. Triggers write both; nothing here writes.
import { reusableQuery } from '../../db/reusableQuery';
import type { Executor } from './vault.repository';

/** An owner's list: its version (the last change) and how many entries it has. */
export interface ListState {
  version: number;
  entries: number;
}

// Read before every window of the whole list.
const stateOf = reusableQuery((db: Executor, userId: string) =>
  db.selectFrom('vault_keys').select(['list_version', 'entry_count']).where('user_id', '=', userId),
);

/** The owner's list state; undefined for a user without a vault. */
export async function listState(db: Executor, userId: string): Promise<ListState | undefined> {
  const [row] = await stateOf(db, userId);
  return row && { version: Number(row.list_version), entries: Number(row.entry_count) };
}

/**
 * A change of the list and the entry as it is now: null `entryId` for many entries at once; null `now`
 * when the entry has left the list (deleted, or no longer this owner's).
 */
export interface ListChange {
  version: number;
  entryId: string | null;
  now: ChangedEntry | null;
}

/** What the list shows of an entry and where it stands in each order. */
export interface ChangedEntry {
  id: string;
  list_json: string;
  fields_listed: string | null;
  title_sort: string;
  is_favorite: number;
  created_at: string;
  updated_at: string;
}

/**
 * The owner's changes after `version`, oldest first, at most `max`, each with its entry as it is now
 * (read in the same statement, so never older than the change).
 */
export async function changesSince(
  db: Executor,
  userId: string,
  version: number,
  max: number,
): Promise<ListChange[]> {
  const rows = await db
    .selectFrom('list_changes as c')
    .leftJoin('passwords as p', (join) =>
      join.onRef('p.id', '=', 'c.entry_id').onRef('p.user_id', '=', 'c.user_id'),
    )
    .select([
      'c.version',
      'c.entry_id',
      'p.id',
      'p.list_json',
      'p.fields_listed',
      'p.title_sort',
      'p.is_favorite',
      'p.created_at',
      'p.updated_at',
    ])
    .where('c.user_id', '=', userId)
    .where('c.version', '>', version)
    .orderBy('c.version')
    .limit(max)
    .execute();
  return rows.map((row) => ({
    version: Number(row.version),
    entryId: row.entry_id,
    now:
      row.id === null
        ? null
        : {
            id: row.id,
            list_json: row.list_json as string,
            fields_listed: row.fields_listed,
            title_sort: row.title_sort as string,
            is_favorite: Number(row.is_favorite),
            created_at: row.created_at as string,
            updated_at: row.updated_at as string,
          },
  }));
}
