// All SQL of the vault module, the one owner of `passwords`, `vault_keys` and `master_password_failures`.
// Each function takes the database or a transaction first. Every query on `passwords` filters by the
// owner: an entry id alone never reaches a row.
import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Category } from '../../../src/common/constants';
import type {
  Database,
  PasswordHistoryTable,
  PasswordsTable,
  PasswordsTrashTable,
  UnlockGrantsTable,
  VaultKeysTable,
} from '../../db/schema';
import { searchTextOf, type SearchableFields } from './searchText';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

export type PasswordRow = Selectable<PasswordsTable>;
/** A new row; its search_text is derived here, from the row itself. */
export type NewPasswordRow = Omit<Insertable<PasswordsTable>, 'search_text'>;
export type PasswordChanges = Omit<
  Updateable<PasswordsTable>,
  'id' | 'user_id' | 'created_at' | 'search_text'
>;

const withSearchText = (row: NewPasswordRow) => ({
  ...row,
  search_text: searchTextOf({
    title: row.title,
    website: row.website ?? '',
    username: row.username ?? '',
    email: row.email ?? '',
  }),
});

/**
 * The columns an answer may be built from: never a vault-key ciphertext. `fields_listed` is sealed with
 * the server key and holds only what lists may show of the custom fields.
 */
const PUBLIC_COLUMNS = [
  'id',
  'title',
  'email',
  'username',
  'website',
  'category',
  'is_favorite',
  'tags',
  'has_totp',
  'fields_listed',
  'strength',
  'reuse_fp',
  'password_changed_at',
  'created_at',
  'updated_at',
] as const;
export type PublicPasswordRow = Pick<PasswordRow, (typeof PUBLIC_COLUMNS)[number]>;
/** A row of the list: with how many of the owner's entries share its password (itself included). */
export type ListedPasswordRow = PublicPasswordRow & { reuse_count: number | string | null };

const LIKE_ESCAPE = '\\';

/** A LIKE pattern matching `text` as a plain substring: `%`, `_` and the escape character are literal. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => LIKE_ESCAPE + char)}%`;
}

/** Where a window starts: after the entry with this creation time and id (the list's order). */
export interface ListPosition {
  createdAt: string;
  id: string;
}

/** Which passwords need care: weak (score below `weakBelow`), reused, or unchanged since `oldBefore`. */
export interface HealthFilter {
  kind: 'weak' | 'reused' | 'old';
  weakBelow: number;
  oldBefore: string;
}

export interface EntryFilter {
  /** Already folded (searchText.ts): compared with the stored search_text. */
  search?: string;
  category?: Category;
  favorite?: boolean;
  health?: HealthFilter;
}

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** FTS5's trigram index answers substrings of three characters or more; shorter ones are scanned. */
const TRIGRAM = 3;

/**
 * The search condition, indexed on both databases: PostgreSQL's pg_trgm GIN index serves LIKE; on SQLite
 * the FTS5 trigram index (`passwords_search`, rowid = passwords.seq) serves a phrase query, which for
 * the trigram tokenizer is a substring match.
 */
function searchCondition(db: Executor, folded: string) {
  if (isPostgres(db)) {
    return sql<SqlBool>`${sql.ref('search_text')} like ${containsPattern(folded)} escape ${LIKE_ESCAPE}`;
  }
  if ([...folded].length < TRIGRAM) return sql<SqlBool>`instr(${sql.ref('search_text')}, ${folded}) > 0`;
  const phrase = `"${folded.replace(/"/g, '""')}"`;
  return sql<SqlBool>`${sql.ref('seq')} in (select rowid from passwords_search where passwords_search match ${phrase})`;
}

/** The owner's fingerprints that more than one entry shares. */
function sharedFingerprints(db: Executor, userId: string) {
  return db
    .selectFrom('passwords as shared')
    .select('shared.reuse_fp')
    .where('shared.user_id', '=', userId)
    .where('shared.reuse_fp', 'is not', null)
    .groupBy('shared.reuse_fp')
    .having((eb) => eb.fn.countAll(), '>', 1);
}

function healthCondition(db: Executor, userId: string, health: HealthFilter) {
  switch (health.kind) {
    case 'weak':
      return sql<SqlBool>`${sql.ref('passwords.strength')} < ${health.weakBelow}`;
    case 'old':
      return sql<SqlBool>`${sql.ref('passwords.password_changed_at')} < ${health.oldBefore}`;
    case 'reused':
      return sql<SqlBool>`${sql.ref('passwords.reuse_fp')} in (${sharedFingerprints(db, userId)})`;
  }
}

function filtered(db: Executor, userId: string, filter: EntryFilter) {
  let query = db.selectFrom('passwords').where('passwords.user_id', '=', userId);
  if (filter.search) query = query.where(searchCondition(db, filter.search));
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.favorite !== undefined) query = query.where('is_favorite', '=', filter.favorite ? 1 : 0);
  if (filter.health) query = query.where(healthCondition(db, userId, filter.health));
  return query;
}

/**
 * A window of the owner's entries, newest first (created_at, then id, both descending), without their
 * secrets: the `limit` entries after `after`, or from the start. Keyset pagination: the index
 * (user_id, created_at, id) is read from the position on, whatever the depth, and an entry inserted
 * meanwhile never shifts a later window.
 */
export function listEntries(
  db: Executor,
  userId: string,
  filter: EntryFilter,
  window: { after?: ListPosition; limit?: number } = {},
): Promise<ListedPasswordRow[]> {
  let query = filtered(db, userId, filter)
    .select(PUBLIC_COLUMNS)
    // How many of the owner's entries share the row's password fingerprint (0 while it has none):
    // one read of the (user_id, reuse_fp) index per row of the window.
    .select((eb) =>
      eb
        .selectFrom('passwords as same')
        .select((count) => count.fn.countAll<number | string>().as('n'))
        .whereRef('same.user_id', '=', 'passwords.user_id')
        .whereRef('same.reuse_fp', '=', 'passwords.reuse_fp')
        .as('reuse_count'),
    );
  const { after, limit } = window;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** How many of the owner's entries pass the filter; without one, the counter the triggers keep. */
export async function countEntries(db: Executor, userId: string, filter: EntryFilter): Promise<number> {
  if (!filter.search && !filter.category && filter.favorite === undefined && !filter.health) {
    const keys = await db
      .selectFrom('vault_keys')
      .select('entry_count')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(keys?.entry_count ?? 0);
  }
  const row = await filtered(db, userId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One entry with its ciphertext, or undefined when the id is not the owner's. */
export function findEntry(db: Executor, userId: string, id: string): Promise<PasswordRow | undefined> {
  return db
    .selectFrom('passwords')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Inside a transaction: touches the entry's updated_at and answers the row, holding its write lock (a
 * row lock on PostgreSQL, the database write lock on SQLite) until the transaction ends, so a
 * read-modify-write of the entry cannot lose a concurrent change.
 */
export function lockEntry(
  trx: Executor,
  userId: string,
  id: string,
  now: string,
): Promise<PasswordRow | undefined> {
  return trx
    .updateTable('passwords')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function insertEntry(db: Executor, row: NewPasswordRow): Promise<void> {
  await db.insertInto('passwords').values(withSearchText(row)).execute();
}

/** `current` is the entry before the change (locked by the caller): the search text follows the change. */
export function updateEntry(
  db: Executor,
  userId: string,
  id: string,
  changes: PasswordChanges,
  current: SearchableFields,
): Promise<PublicPasswordRow | undefined> {
  const searchable = {
    title: changes.title ?? current.title,
    website: changes.website ?? current.website,
    username: changes.username ?? current.username,
    email: changes.email ?? current.email,
  };
  return db
    .updateTable('passwords')
    .set({ ...changes, search_text: searchTextOf(searchable) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
}

/** Whether a row was deleted. */
export async function deleteEntry(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passwords')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Flips the favourite flag in one statement (two concurrent toggles both count). */
export function toggleFavorite(
  db: Executor,
  userId: string,
  id: string,
  now: string,
): Promise<PublicPasswordRow | undefined> {
  return db
    .updateTable('passwords')
    .set({ is_favorite: sql<number>`1 - ${sql.ref('is_favorite')}`, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
}

export interface CategoryCount {
  category: string;
  count: number;
  favorites: number;
}

/** Entries and favourites per category (only categories that have entries). */
export async function countByCategory(db: Executor, userId: string): Promise<CategoryCount[]> {
  const rows = await db
    .selectFrom('passwords')
    .select((eb) => [
      'category',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('is_favorite').as('favorites'),
    ])
    .where('user_id', '=', userId)
    .groupBy('category')
    .execute();
  // PostgreSQL answers count() and sum() as bigint, which pg hands over as a string.
  return rows.map((row) => ({
    category: row.category,
    count: Number(row.count),
    favorites: Number(row.favorites ?? 0),
  }));
}

/** Rows per statement: 20 parameters each, far below SQLite's 32766 and PostgreSQL's 65535. */
export const BATCH_SIZE = 500;

/** The tags column (a JSON array) of every entry that has tags. */
export async function listTagColumns(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('passwords')
    .select('tags')
    .where('user_id', '=', userId)
    .where('tags', '!=', '[]')
    .execute();
  return rows.map((row) => row.tags);
}

// ---- In bulk: export and import ----

/**
 * A window of the owner's entries with their ciphertext, oldest first (created_at, then id, the order
 * of an export): the `limit` entries after `after`, or from the start. Keyset reads enter the index
 * (user_id, created_at, id) at the position, so the last window costs what the first does.
 */
export function listEntriesWithSecretsAfter(
  db: Executor,
  userId: string,
  after: ListPosition | undefined,
  limit: number,
): Promise<PasswordRow[]> {
  let query = db.selectFrom('passwords').selectAll().where('user_id', '=', userId);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  return query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/**
 * After a bulk write, PostgreSQL's planner statistics of passwords are brought up to date at once
 * instead of at autovacuum's next visit: with stale ones (a table it thinks small) it reads a window
 * by sorting every later row (an export of 100,000 entries took 8 s instead of 2). SQLite's planner
 * does not depend on them.
 */
export async function refreshStatistics(db: Executor): Promise<void> {
  if (isPostgres(db)) await sql`analyze passwords`.execute(db);
}

/** Where an export reads its windows from, and how it lets go of them. */
export interface ExportReader {
  db: Executor;
  /** Ends the read; safe to call once the read failed too. */
  close(): Promise<void>;
}

/**
 * PostgreSQL: a read-only `repeatable read` transaction on a pooled connection of its own, so every
 * window of the export comes from one snapshot. SQLite: the database itself, one statement per window.
 * Its driver has a single connection; a transaction held for the length of a download would make
 * every other request of every user wait for that download. A window is consistent on its own, but
 * an entry written meanwhile may or may not be in a later window.
 */
export async function openExportReader(db: Executor): Promise<ExportReader> {
  if (!isPostgres(db)) return { db, close: async () => undefined };
  const trx = await db
    .startTransaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute();
  // Nothing to keep: rollback ends the snapshot and, unlike commit, frees the connection even when it fails.
  return { db: trx, close: () => trx.rollback().execute() };
}

export type EntryIdentity = Pick<PasswordRow, 'id' | 'title' | 'website' | 'email' | 'username'>;

/** What duplicate detection compares, for every entry of the owner, oldest first. */
export function listEntryIdentities(db: Executor, userId: string): Promise<EntryIdentity[]> {
  return db
    .selectFrom('passwords')
    .select(['id', 'title', 'website', 'email', 'username'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** One multi-row INSERT (at most BATCH_SIZE rows). */
export async function insertBatch(db: Executor, rows: NewPasswordRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('passwords').values(rows.map(withSearchText)).execute();
}

/** The new content of an existing entry: every column but the owner, the creation time and the derived search text. */
export type EntryUpdate = Omit<PasswordRow, 'user_id' | 'created_at' | 'search_text'>;

/** An entry's content: what an import overwrites and what the trash keeps besides ids and dates. */
const CONTENT_COLUMNS = [
  'title',
  'email',
  'username',
  'website',
  'category',
  'is_favorite',
  'tags',
  'password_enc',
  'notes_enc',
  'has_totp',
  'totp_enc',
  'fields_enc',
  'fields_listed',
  'strength',
  'reuse_fp',
  'password_changed_at',
] as const;

const UPDATED_COLUMNS = [...CONTENT_COLUMNS, 'updated_at', 'search_text'] as const;

/**
 * Overwrites up to BATCH_SIZE of the owner's entries in one statement (UPDATE ... FROM a VALUES list,
 * which SQLite 3.33+ and PostgreSQL both read). Rows whose id is not the owner's are left alone.
 */
export async function updateBatch(db: Executor, userId: string, rows: EntryUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows
      .map((row) => ({ ...row, search_text: searchTextOf(row) }))
      .map((row) => sql`(${sql.join([row.id, ...UPDATED_COLUMNS.map((column) => row[column])])})`),
  );
  const columns = sql.join(['id', ...UPDATED_COLUMNS].map((column) => sql.ref(column)));
  // VALUES parameters arrive as text on PostgreSQL: the integer columns are cast back.
  const assignments = sql.join(
    UPDATED_COLUMNS.map((column) =>
      column === 'is_favorite' || column === 'has_totp' || column === 'strength'
        ? sql`${sql.ref(column)} = cast(${sql.ref(`v.${column}`)} as integer)`
        : sql`${sql.ref(column)} = ${sql.ref(`v.${column}`)}`,
    ),
  );
  await sql`with v (${columns}) as (values ${values})
    update passwords set ${assignments}
    from v
    where passwords.id = v.id and passwords.user_id = ${userId}`.execute(db);
}

// ---- Health: what a read may count without decrypting ----

export interface HealthCounts {
  total: number;
  weak: number;
  reused: number;
  old: number;
}

/** The owner's entries, and how many are weak, reused or old (thresholds as in HealthFilter). */
export async function countHealth(
  db: Executor,
  userId: string,
  weakBelow: number,
  oldBefore: string,
): Promise<HealthCounts> {
  const row = await db
    .selectFrom('passwords')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(sql`case when strength < ${weakBelow} then 1 else 0 end`).as('weak'),
      eb.fn
        .sum<number | string | null>(sql`case when password_changed_at < ${oldBefore} then 1 else 0 end`)
        .as('old'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const reused = await db
    .selectFrom('passwords')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where(sql<SqlBool>`${sql.ref('reuse_fp')} in (${sharedFingerprints(db, userId)})`)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    weak: Number(row.weak ?? 0),
    reused: Number(reused.n),
    old: Number(row.old ?? 0),
  };
}

/** How many of the owner's entries have this password fingerprint (0 for none). */
export async function countSharingPassword(db: Executor, userId: string, fingerprint: string | null) {
  if (fingerprint === null) return 0;
  const row = await db
    .selectFrom('passwords')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('reuse_fp', '=', fingerprint)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type HealthlessRow = Pick<PasswordRow, 'id' | 'user_id' | 'password_enc'>;

/** Up to `limit` of the owner's entries saved before their health was stored. */
export function listEntriesWithoutHealth(
  db: Executor,
  userId: string,
  limit: number,
): Promise<HealthlessRow[]> {
  return db
    .selectFrom('passwords')
    .select(['id', 'user_id', 'password_enc'])
    .where('user_id', '=', userId)
    .where('strength', 'is', null)
    .limit(limit)
    .execute();
}

export type HealthUpdate = Pick<PasswordRow, 'id'> & { strength: number; reuse_fp: string };

/** Stores the health of up to BATCH_SIZE of the owner's entries in one statement. */
export async function setHealthBatch(db: Executor, userId: string, rows: HealthUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((row) => sql`(${row.id}, ${row.strength}, ${row.reuse_fp})`));
  await sql`with v (id, strength, reuse_fp) as (values ${values})
    update passwords set strength = cast(v.strength as integer), reuse_fp = v.reuse_fp
    from v
    where passwords.id = v.id and passwords.user_id = ${userId}`.execute(db);
}

/** The stored password of some of the owner's entries (an import that overwrites them keeps history). */
export function findPasswordsOf(
  db: Executor,
  userId: string,
  ids: string[],
): Promise<Pick<PasswordRow, 'id' | 'user_id' | 'password_enc' | 'password_changed_at'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('passwords')
    .select(['id', 'user_id', 'password_enc', 'password_changed_at'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

// ---- Password history ----

export type HistoryRow = Selectable<PasswordHistoryTable>;

/** How many earlier passwords an entry keeps. */
export const HISTORY_KEPT = 20;

/** Adds earlier passwords, then keeps only the newest HISTORY_KEPT of each entry concerned. */
export async function insertHistory(trx: Executor, userId: string, rows: HistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await trx
      .insertInto('password_history')
      .values(rows.slice(start, start + BATCH_SIZE))
      .execute();
  }
  for (const entryId of new Set(rows.map((row) => row.entry_id))) {
    const kept = trx
      .selectFrom('password_history')
      .select('id')
      .where('entry_id', '=', entryId)
      .where('user_id', '=', userId)
      .orderBy('changed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(HISTORY_KEPT);
    await trx
      .deleteFrom('password_history')
      .where('entry_id', '=', entryId)
      .where('user_id', '=', userId)
      .where('id', 'not in', kept)
      .execute();
  }
}

/** Whether the owner has this entry, in the vault or in the trash. */
export async function entryExists(db: Executor, userId: string, id: string): Promise<boolean> {
  return (await findEntryTitle(db, userId, id)) !== null;
}

/** The title of the owner's entry, in the vault or the trash, or null. */
export async function findEntryTitle(db: Executor, userId: string, id: string): Promise<string | null> {
  const live = await db
    .selectFrom('passwords')
    .select('title')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (live) return live.title;
  const trashed = await db
    .selectFrom('passwords_trash')
    .select('title')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return trashed?.title ?? null;
}

/** An entry's earlier passwords, newest first. */
export function listHistory(db: Executor, userId: string, entryId: string): Promise<HistoryRow[]> {
  return db
    .selectFrom('password_history')
    .selectAll()
    .where('user_id', '=', userId)
    .where('entry_id', '=', entryId)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

// ---- Trash ----

export type TrashRow = Selectable<PasswordsTrashTable>;
const TRASH_COLUMNS = ['id', 'user_id', ...CONTENT_COLUMNS, 'created_at', 'updated_at'] as const;

/**
 * Inside a transaction: moves the owner's entry, whole, into the trash. Whether there was one to move.
 * Its history stays where it is (keyed by the entry's id, which the trash keeps).
 */
export async function moveToTrash(trx: Executor, userId: string, id: string, now: string): Promise<boolean> {
  const row = await trx
    .deleteFrom('passwords')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(TRASH_COLUMNS)
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .insertInto('passwords_trash')
    .values({ ...row, has_totp: Number(row.has_totp), deleted_at: now })
    .execute();
  return true;
}

/** Inside a transaction: puts the owner's trashed entry back, unchanged; undefined when there is none. */
export async function restoreFromTrash(
  trx: Executor,
  userId: string,
  id: string,
): Promise<PublicPasswordRow | undefined> {
  const row = await trx
    .deleteFrom('passwords_trash')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(TRASH_COLUMNS)
    .executeTakeFirst();
  if (!row) return undefined;
  await insertEntry(trx, row);
  return row;
}

/** The owner's trashed entries, most recently deleted first. */
export function listTrash(db: Executor, userId: string) {
  return db
    .selectFrom('passwords_trash')
    .select([...PUBLIC_COLUMNS, 'deleted_at'])
    .where('user_id', '=', userId)
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes a trashed entry of the owner for good, with its history. Whether there was one. */
export async function purgeTrashed(trx: Executor, userId: string, id: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('passwords_trash')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await trx.deleteFrom('password_history').where('entry_id', '=', id).where('user_id', '=', userId).execute();
  return true;
}

/**
 * Every user's entries trashed before `cutoff`, with their history: deleted for good. Each statement
 * deletes what is there when it runs, so processes that sweep at once only share the work.
 */
export async function purgeTrashBefore(trx: Executor, cutoff: string): Promise<number> {
  const expired = trx.selectFrom('passwords_trash').select('id').where('deleted_at', '<', cutoff);
  await trx.deleteFrom('password_history').where('entry_id', 'in', expired).execute();
  const result = await trx.deleteFrom('passwords_trash').where('deleted_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- The vault key and the account's wrong master passwords ----

export interface VaultKeyRow {
  vault_key_wrapped: string;
  kdf_salt: string;
  kdf_memory_kib: number;
  kdf_iterations: number;
  kdf_parallelism: number;
  /** Set while unlocking is paused after too many wrong master passwords. */
  master_locked_at: string | null;
}

/** The user's wrapped vault key and whether unlocking is paused; undefined for an unknown user. */
export function findVaultKey(db: Executor, userId: string): Promise<VaultKeyRow | undefined> {
  return db
    .selectFrom('vault_keys')
    .select([
      'vault_key_wrapped',
      'kdf_salt',
      'kdf_memory_kib',
      'kdf_iterations',
      'kdf_parallelism',
      'master_locked_at',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface StoredWrap {
  vaultKeyWrapped: string;
  kdfSalt: string;
  kdf: { memoryKib: number; iterations: number; parallelism: number };
}

const wrapColumns = (wrapped: StoredWrap) => ({
  vault_key_wrapped: wrapped.vaultKeyWrapped,
  kdf_salt: wrapped.kdfSalt,
  kdf_memory_kib: wrapped.kdf.memoryKib,
  kdf_iterations: wrapped.kdf.iterations,
  kdf_parallelism: wrapped.kdf.parallelism,
});

/** A new account's vault key row. */
export async function insertVaultKey(db: Executor, userId: string, wrapped: StoredWrap): Promise<void> {
  const row: Insertable<VaultKeysTable> = {
    user_id: userId,
    ...wrapColumns(wrapped),
    master_locked_at: null,
  };
  await db.insertInto('vault_keys').values(row).execute();
}

export async function updateVaultKeyWrap(db: Executor, userId: string, wrapped: StoredWrap): Promise<void> {
  await db.updateTable('vault_keys').set(wrapColumns(wrapped)).where('user_id', '=', userId).execute();
}

/** Everything of the vault module that belongs to the user (account deletion, in its transaction). */
// ---- Unlock windows ----

export type UnlockGrantRow = Selectable<UnlockGrantsTable>;

/** Sets the session's grant (one per session; a new unlock replaces it). */
export async function putUnlockGrant(db: Executor, row: UnlockGrantRow): Promise<void> {
  await db.deleteFrom('unlock_grants').where('session_id', '=', row.session_id).execute();
  await db.insertInto('unlock_grants').values(row).execute();
}

export function findUnlockGrant(db: Executor, sessionId: string): Promise<UnlockGrantRow | undefined> {
  return db.selectFrom('unlock_grants').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/** Ends the session's grant ("Lock now", logout); whether there was one. */
export async function deleteUnlockGrant(db: Executor, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('unlock_grants').where('session_id', '=', sessionId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every grant of the user (the unlocking pause, a new master password). */
export async function deleteUserUnlockGrants(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('unlock_grants').where('user_id', '=', userId).execute();
}

export async function deleteExpiredUnlockGrants(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('unlock_grants').where('expires_at', '<=', now).execute();
}

export async function deleteUserVault(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('unlock_grants').where('user_id', '=', userId).execute();
  await db.deleteFrom('password_history').where('user_id', '=', userId).execute();
  await db.deleteFrom('passwords_trash').where('user_id', '=', userId).execute();
  await db.deleteFrom('passwords').where('user_id', '=', userId).execute();
  await db.deleteFrom('master_password_failures').where('user_id', '=', userId).execute();
  await db.deleteFrom('vault_keys').where('user_id', '=', userId).execute();
}

/**
 * Takes the user's row lock for the rest of the transaction (a write that changes nothing), so that
 * wrong master passwords from several sessions at once are counted one after the other on PostgreSQL
 * (SQLite runs one write transaction at a time anyway).
 */
export async function lockVaultKeyRow(trx: Executor, userId: string): Promise<void> {
  await trx
    .updateTable('vault_keys')
    .set({ master_locked_at: sql<string | null>`master_locked_at` })
    .where('user_id', '=', userId)
    .execute();
}

export async function insertMasterFailure(db: Executor, id: string, userId: string, at: string) {
  await db.insertInto('master_password_failures').values({ id, user_id: userId, failed_at: at }).execute();
}

export async function countMasterFailuresSince(db: Executor, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('master_password_failures')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets the user's wrong master passwords (a right one, or the mailed unlock code). */
export async function deleteMasterFailures(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('master_password_failures').where('user_id', '=', userId).execute();
}

/** Failures older than the cap's day count for nobody. */
export async function deleteMasterFailuresBefore(db: Executor, userId: string, before: string) {
  await db
    .deleteFrom('master_password_failures')
    .where('user_id', '=', userId)
    .where('failed_at', '<=', before)
    .execute();
}

/** Every entry's listed custom fields (sealed with the server key): what a server-key change reseals. */
export function listSealedFieldLists(db: Executor) {
  return db
    .selectFrom('passwords')
    .select(['id', 'user_id', 'fields_listed'])
    .where('fields_listed', 'is not', null)
    .execute();
}

export async function setSealedFieldList(db: Executor, id: string, sealed: string | null): Promise<void> {
  await db.updateTable('passwords').set({ fields_listed: sealed }).where('id', '=', id).execute();
}

export async function setMasterLocked(db: Executor, userId: string, at: string | null): Promise<void> {
  await db.updateTable('vault_keys').set({ master_locked_at: at }).where('user_id', '=', userId).execute();
}
