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

/** What the list's changes after a version say, as a reader applies them. */
export interface ListChanges {
  /** The first and the last version after it in the log; undefined when the log holds none. */
  first?: number;
  last?: number;
  /** Whether one of them changed many entries at once (logged without its entries). */
  bulk: boolean;
  /**
   * Each entry changed up to `last`, once, as it is now (read after the log, so never older than its
   * changes): null `now` when it has left the list (deleted, or no longer this owner's). At most `max`
   * and one more, which says there are too many to apply.
   */
  entries: { id: string; now: ChangedEntry | null }[];
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
 * The owner's changes after `version`: the versions they span, whether one was a bulk change, and the
 * entries they changed (up to `max` + 1), each once. A reader far behind reads each entry once, however
 * often it changed: a favourite toggled a thousand times is one row.
 */
export async function changesSince(
  db: Executor,
  userId: string,
  version: number,
  max: number,
): Promise<ListChanges> {
  const [summary] = await summaryAfter(db, userId, version);
  if (!summary || summary.first === null || summary.last === null) return { bulk: false, entries: [] };
  const [first, last] = [Number(summary.first), Number(summary.last)];
  if (Number(summary.bulk) > 0) return { first, last, bulk: true, entries: [] };
  const rows = await entriesChanged(db, userId, version, last, max + 1);
  const entries = rows.map((row) => ({
    id: row.entry_id as string,
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
  return { first, last, bulk: false, entries };
}

// Both read the owner's log by its key (owner, version).
const summaryAfter = reusableQuery((db: Executor, userId: string, version: number) =>
  db
    .selectFrom('list_changes')
    .select((eb) => [
      eb.fn.min('version').as('first'),
      eb.fn.max('version').as('last'),
      eb(eb.fn.countAll(), '-', eb.fn.count('entry_id')).as('bulk'),
    ])
    .where('user_id', '=', userId)
    .where('version', '>', version),
);

const entriesChanged = reusableQuery(
  (db: Executor, userId: string, after: number, last: number, limit: number) =>
    db
      .selectFrom(
        db
          .selectFrom('list_changes')
          .select('entry_id')
          .distinct()
          .where('user_id', '=', userId)
          .where('version', '>', after)
          .where('version', '<=', last)
          .limit(limit)
          .as('c'),
      )
      .leftJoin('passwords as p', (join) =>
        join.onRef('p.id', '=', 'c.entry_id').on('p.user_id', '=', userId),
      )
      .select([
        'c.entry_id',
        'p.id',
        'p.list_json',
        'p.fields_listed',
        'p.title_sort',
        'p.is_favorite',
        'p.created_at',
        'p.updated_at',
      ]),
);
