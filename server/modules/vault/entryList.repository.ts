// The vault module's reads of the list (`passwords`): windows in any of the list's orders, filtered and
// searched through indexes, and the counts that lists, the dashboard and the settings show. Every query
// filters by the owner. Writes are in vault.repository.ts.
import { PostgresAdapter, sql, type SqlBool } from 'kysely';
import type { Category } from '../../../src/common/constants';
import type { ListSort } from '../../../src/common/listOrder';
import type { PackedJson } from './listedEntry';
import type { Executor } from './vault.repository';

/** Which passwords need care: weak (score below `weakBelow`), reused, or unchanged since `oldBefore`. */
export interface HealthFilter {
  kind: 'weak' | 'reused' | 'old';
  weakBelow: number;
  oldBefore: string;
}

export interface EntryFilter {
  /** Already folded (searchText.ts): compared with the stored search_text. */
  search?: string;
  /** How a search is read on SQLite (planSearch): from its matches, or along the owner's rows. */
  searchPlan?: SearchPlan;
  /** How many of the owner's entries the search matches, when planSearch has counted them. */
  searchMatches?: number;
  category?: Category;
  favorite?: boolean;
  health?: HealthFilter;
}

/**
 * 'matches': the search has few matches (in the trigram index, all users'; below three characters, the
 * owner's), so a read looks up each of them and sorts the owner's; 'scan': many, so a read walks the
 * owner's rows in an index instead.
 */
export type SearchPlan = 'matches' | 'scan';

export type { ListSort };

/** Each order's key column and direction; the id breaks ties in the same direction. */
const ORDERS: Record<
  ListSort,
  { column: 'created_at' | 'updated_at' | 'title_sort'; direction: 'asc' | 'desc' }
> = {
  created: { column: 'created_at', direction: 'desc' },
  updated: { column: 'updated_at', direction: 'desc' },
  name: { column: 'title_sort', direction: 'asc' },
};

/** Where a window starts: after the entry with this sort key and id, among favourites or the others. */
export interface WindowStart {
  key: string;
  id: string;
}

/** The part of the list a read walks: all entries, or (favourites first) the favourites or the others. */
export type ListPart = 'all' | 'favorites' | 'others';

/**
 * A row of a window: the entry's stored answer, its listed fields (sealed; null for none), and, by name,
 * its sort key (the other orders' keys are in the answer).
 */
export interface WindowRow {
  /** The stored listed form: text as the database answers it, packed bytes as the window cache keeps it. */
  list_json: string | PackedJson;
  fields_listed: string | null;
  title_sort?: string;
  /** With `withPositions` (and from the window cache): the entry's place in the window's order. */
  id?: string;
  sort_key?: string;
  is_favorite?: number;
}

const LIKE_ESCAPE = '\\';

/** A LIKE pattern matching `text` as a plain substring: `%`, `_` and the escape character are literal. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => LIKE_ESCAPE + char)}%`;
}

/** search_text (of the entries, or of PostgreSQL's search table in its subquery) contains `folded`. */
function searchTextContains(folded: string) {
  return sql<SqlBool>`${sql.ref('search_text')} like ${containsPattern(folded)} escape ${LIKE_ESCAPE}`;
}

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Whether a list is best counted before its window is read. SQLite answers one query at a time, so the
 * count costs nothing extra first, and an empty list then reads no window: a window of a filter nothing
 * passes ("github" in a category no GitHub entry is in) walks every row the filter might pass, 40-90 ms
 * at 100,000 entries. PostgreSQL reads the two at once, on two connections, but for a letter alone,
 * whose count is one row: the window of a letter no entry has ("q") read the whole search table, ~20 ms.
 */
export function countsBeforeWindows(db: Executor, filter: EntryFilter): boolean {
  return !isPostgres(db) || isCountedLetter(filter);
}

/** FTS5's trigram index answers substrings of three characters or more; shorter ones are scanned. */
const TRIGRAM = 3;

/**
 * At most this many matches in the whole trigram index make a search one read from its matches: each
 * costs a lookup of its row (~1 µs), so a window sorted from 2,000 costs ~2 ms, where walking an owner's
 * 100,000 rows costs ~5 ms whatever the search.
 */
export const FEW_MATCHES = 2000;

/** FTS5's phrase query for `folded`: for the trigram tokenizer, a substring match. */
function phraseOf(folded: string): string {
  return `"${folded.replace(/"/g, '""')}"`;
}

const usesTrigramIndex = (db: Executor, folded: string) => !isPostgres(db) && [...folded].length >= TRIGRAM;

/**
 * The filter with its search's plan on SQLite: a rare text (a site's name, say) is read from its few
 * matches in a fraction of a millisecond, where walking the owner's rows costs ~5 ms at 100,000 entries
 * (and ~10-35 ms before, as SQLite's planner walked them for every search). The plan changes the cost
 * only: every plan finds the same entries. PostgreSQL's planner weighs its trigram index itself.
 */
export async function planSearch(db: Executor, userId: string, filter: EntryFilter): Promise<EntryFilter> {
  if (!filter.search || isPostgres(db)) return filter;
  if (!usesTrigramIndex(db, filter.search)) return planShortSearch(db, userId, filter);
  const { rows } = await sql<{ matches: number }>`select count(*) as matches from (
    select rowid from passwords_search where passwords_search match ${phraseOf(filter.search)}
    limit ${FEW_MATCHES + 1})`.execute(db);
  return { ...filter, searchPlan: Number(rows[0]?.matches ?? 0) <= FEW_MATCHES ? 'matches' : 'scan' };
}

/**
 * A search of one or two characters on SQLite (the trigram index has no say): the owner's matches are
 * counted (a letter or digit from search_letters, two characters along the covering (user_id,
 * search_text) index, ~10 ms at 100,000 entries), which the list's total of a search alone needs anyway.
 * A window of a common text is found early in a walk of the owner's rows; one of a rare text ("q", say)
 * walked them all, looking up each row for its text: 93 ms at 100,000 entries, and more with a category
 * or favourites beside it, whose total was counted the same way. Few matches are read from that index
 * instead (~16 ms), then filtered and sorted, for a window and a count.
 */
async function planShortSearch(db: Executor, userId: string, filter: EntryFilter): Promise<EntryFilter> {
  const matches = await countEntries(db, userId, { search: filter.search });
  return { ...filter, searchPlan: matches <= FEW_MATCHES ? 'matches' : 'scan', searchMatches: matches };
}

/**
 * The search condition, indexed on both databases. On PostgreSQL it reads `passwords_search` (owner, id
 * and search text; its pg_trgm GIN index serves LIKE), whose rows are a sixth of the entries' size, so a
 * text the trigram index cannot narrow (one or two letters, or a common one) is counted by reading 17 MB
 * instead of 99 MB at 100,000 entries; its planner reads a window along the order's index, checking each
 * entry in the narrow table's key, or from the few matches of a rare text. On SQLite the FTS5 trigram
 * index (`passwords_search`, rowid = passwords.seq) serves a phrase query, which for the trigram
 * tokenizer is a substring match. A count of many matches (or of a text below three characters) scans
 * the covering index (user_id, search_text) instead: LIKE does that faster than instr(), and its
 * ASCII-only case folding changes nothing, as both sides are folded already.
 */
function searchCondition(
  db: Executor,
  userId: string,
  folded: string,
  read: Read,
  plan: SearchPlan | undefined,
) {
  const like = searchTextContains(folded);
  if (isPostgres(db)) {
    return sql<SqlBool>`${sql.ref('id')} in (select id from passwords_search where user_id = ${userId} and ${like})`;
  }
  if (!usesTrigramIndex(db, folded)) {
    if (plan !== 'matches') return like;
    return sql<SqlBool>`${sql.ref('seq')} in (select seq from passwords where user_id = ${userId} and ${like})`;
  }
  if (read === 'count' && plan !== 'matches') return like;
  return sql<SqlBool>`${sql.ref('seq')} in (select rowid from passwords_search where passwords_search match ${phraseOf(folded)})`;
}

/** What a read is for: a window of rows in an order, or a count. */
type Read = 'window' | 'count';

function healthCondition(health: HealthFilter) {
  switch (health.kind) {
    case 'weak':
      return sql<SqlBool>`${sql.ref('strength')} < ${health.weakBelow}`;
    case 'old':
      return sql<SqlBool>`${sql.ref('password_changed_at')} < ${health.oldBefore}`;
    case 'reused':
      return sql<SqlBool>`${sql.ref('reuse_count')} > 1`;
  }
}

// Literals, not parameters: only a literal lets SQLite's planner use the partial favourites indexes.
const IS_FAVORITE = sql<SqlBool>`is_favorite = 1`;
const IS_NOT_FAVORITE = sql<SqlBool>`is_favorite = 0`;

function filtered(db: Executor, userId: string, filter: EntryFilter, read: Read, part: ListPart = 'all') {
  // From the matches (planSearch sets that plan on SQLite only), the owner is checked on each matched
  // row: the unary + keeps SQLite's planner from walking the owner's rows through an index on user_id.
  const fromMatches = filter.searchPlan === 'matches';
  let query = db
    .selectFrom('passwords')
    .where(sql<SqlBool>`${sql.raw(fromMatches ? '+' : '')}${sql.ref('user_id')} = ${userId}`);
  if (filter.search) {
    query = query.where(searchCondition(db, userId, filter.search, read, filter.searchPlan));
  }
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.favorite !== undefined) query = query.where(filter.favorite ? IS_FAVORITE : IS_NOT_FAVORITE);
  if (filter.health) query = query.where(healthCondition(filter.health));
  if (part === 'favorites') query = query.where(IS_FAVORITE);
  if (part === 'others') query = query.where(IS_NOT_FAVORITE);
  return query;
}

/**
 * Up to `limit` entries of one part of the owner's list in `sort`'s order, after `after` or from the
 * start, without their secrets. Keyset pagination: the order's index is read from the position on,
 * whatever the depth, and an entry inserted meanwhile never shifts a later window. `offset` skips that
 * many entries first instead (random access: the skipped ones are walked in the index, not returned).
 */
export function listWindow(
  db: Executor,
  userId: string,
  filter: EntryFilter,
  window: {
    sort: ListSort;
    part: ListPart;
    after?: WindowStart;
    limit?: number;
    offset?: number;
    /** Each row's id and sort key too (for the window cache). */
    withPositions?: boolean;
  },
): Promise<WindowRow[]> {
  const { column, direction } = ORDERS[window.sort];
  let query = filtered(db, userId, filter, 'window', window.part);
  const { after } = window;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple(column, 'id'), direction === 'desc' ? '<' : '>', eb.tuple(after.key, after.id)),
    );
  }
  query = query.orderBy(column, direction).orderBy('id', direction);
  if (window.limit !== undefined) query = query.limit(window.limit);
  if (window.offset && isPostgres(db)) {
    // The window's ids first, then its rows: the skipped entries are walked in the order's index alone.
    // Read with their rows, PostgreSQL's planner sorted the whole list instead: ~180 ms at 100,000.
    const ids = query.select('id').offset(window.offset);
    query = db
      .selectFrom('passwords')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .orderBy(column, direction)
      .orderBy('id', direction);
  } else if (window.offset) {
    // SQLite takes an OFFSET only after a LIMIT (-1: none). It skips along the order's index without
    // reading the rows, unless a filter reads them (a search, a category, the others part).
    if (window.limit === undefined) query = query.limit(-1);
    query = query.offset(window.offset);
  }
  // As few columns as will do: a window's cost is mostly making each value a JavaScript one.
  const columns = query.select(['list_json', 'fields_listed']);
  if (window.withPositions) {
    return columns
      .select((eb) => ['id', 'title_sort', 'is_favorite', eb.ref(column).as('sort_key')])
      .execute();
  }
  return window.sort === 'name' ? columns.select('title_sort').execute() : columns.execute();
}

/** Whether the filter narrows by more than a search (a category, favourites or health). */
const narrowsBeyondSearch = (filter: EntryFilter) =>
  filter.category !== undefined || filter.favorite !== undefined || filter.health !== undefined;

/** The searches whose totals search_letters keeps (migration 025): one letter a-z or digit, folded. */
const COUNTED_LETTER = /^[a-z0-9]$/;

/** A search of a letter or digit alone, whose total is kept by triggers. */
function isCountedLetter(filter: EntryFilter): filter is EntryFilter & { search: string } {
  return filter.search !== undefined && !narrowsBeyondSearch(filter) && COUNTED_LETTER.test(filter.search);
}

/** How many of the owner's entries' search text contains `letter` (COUNTED_LETTER), as triggers keep it. */
async function countWithLetter(db: Executor, userId: string, letter: string): Promise<number> {
  const row = await db
    .selectFrom('search_letters')
    .select(sql.ref<number>(`has_${letter}`).as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * How many of the owner's entries pass the filter; without one, the counter the triggers keep; for a
 * search of one letter or digit alone, the counts the triggers keep too (neither index serves a text that
 * short: it was a read of every entry's text, ~10 ms on SQLite and ~20 ms on PostgreSQL at 100,000); for
 * another search alone on PostgreSQL, its narrow table, without reading the entries at all.
 */
export async function countEntries(db: Executor, userId: string, filter: EntryFilter): Promise<number> {
  if (filter.searchMatches === 0) return 0;
  if (filter.searchMatches !== undefined && !narrowsBeyondSearch(filter)) return filter.searchMatches;
  if (!filter.search && !narrowsBeyondSearch(filter)) {
    const keys = await db
      .selectFrom('vault_keys')
      .select('entry_count')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(keys?.entry_count ?? 0);
  }
  if (isCountedLetter(filter)) return countWithLetter(db, userId, filter.search);
  if (filter.search && !narrowsBeyondSearch(filter) && isPostgres(db)) {
    const { rows } = await sql<{ count: string }>`select count(*) as count from passwords_search
      where user_id = ${userId} and ${searchTextContains(filter.search)}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }
  const row = await filtered(db, userId, filter, 'count')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface CategoryCount {
  category: string;
  count: number;
  favorites: number;
}

/**
 * Entries and favourites per category (only categories that have entries), summed from the owner's
 * tallies (vault_tallies, kept by triggers): one row per distinct key, far fewer than the entries.
 */
export async function countByCategory(db: Executor, userId: string): Promise<CategoryCount[]> {
  const rows = await db
    .selectFrom('vault_tallies')
    .select((eb) => [
      'category',
      eb.fn.sum<number | string>('entries').as('count'),
      eb.fn.sum<number | string>(sql`case when is_favorite = 1 then entries else 0 end`).as('favorites'),
    ])
    .where('user_id', '=', userId)
    .groupBy('category')
    .having((eb) => eb.fn.sum('entries'), '>', 0)
    .execute();
  // PostgreSQL answers sum() of integers as bigint, which pg hands over as a string.
  return rows.map((row) => ({
    category: row.category,
    count: Number(row.count),
    favorites: Number(row.favorites),
  }));
}

export interface HealthCounts {
  total: number;
  weak: number;
  reused: number;
  old: number;
}

/**
 * The owner's entries, and how many are weak, reused or old (thresholds as in HealthFilter): summed
 * from the owner's tallies, except the entries last changed in the cut-off's own month, which are
 * compared one by one through the (user_id, password_changed_at) index. A tally's month before the
 * cut-off's month is wholly older; after it, wholly newer (the dates are ISO texts, compared as texts).
 */
export async function countHealth(
  db: Executor,
  userId: string,
  weakBelow: number,
  oldBefore: string,
): Promise<HealthCounts> {
  const cutOffMonth = oldBefore.slice(0, 7);
  const [tallies, cutOffMonthOld] = await Promise.all([
    db
      .selectFrom('vault_tallies')
      .select((eb) => [
        eb.fn.sum<number | string | null>('entries').as('total'),
        eb.fn
          .sum<number | string | null>(
            sql`case when strength >= 0 and strength < ${weakBelow} then entries else 0 end`,
          )
          .as('weak'),
        eb.fn.sum<number | string | null>(sql`case when reused = 1 then entries else 0 end`).as('reused'),
        eb.fn
          .sum<number | string | null>(
            sql`case when changed_month <> '' and changed_month < ${cutOffMonth} then entries else 0 end`,
          )
          .as('old'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('passwords')
      .select((eb) => eb.fn.countAll<number | string>().as('old'))
      .where('user_id', '=', userId)
      .where('password_changed_at', '>=', cutOffMonth)
      .where('password_changed_at', '<', oldBefore)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(tallies.total ?? 0),
    weak: Number(tallies.weak ?? 0),
    reused: Number(tallies.reused ?? 0),
    old: Number(tallies.old ?? 0) + Number(cutOffMonthOld.old),
  };
}

/** The tags column (a JSON array) of every entry that has tags, from the partial index of those. */
export async function listTagColumns(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('passwords')
    .select('tags')
    .where('user_id', '=', userId)
    // A literal, as the partial index's condition is: a parameter would not let SQLite use it.
    .where(sql<SqlBool>`tags != '[]'`)
    .execute();
  return rows.map((row) => row.tags);
}
