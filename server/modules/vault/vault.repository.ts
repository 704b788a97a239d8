// All SQL of the vault module, the one owner of `passwords`, `vault_keys` and `master_password_failures`.
// Each function takes the database or a transaction first. Every query on `passwords` filters by the
// owner: an entry id alone never reaches a row.
import {
  CompiledQuery,
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type Updateable,
} from 'kysely';
import type {
  Database,
  PasswordHistoryTable,
  PasswordsTable,
  PasswordsTrashTable,
  UnlockGrantsTable,
  VaultKeysTable,
} from '../../db/schema';
import {
  derivedColumns,
  fingerprintCounts,
  storedRow,
  type DerivedColumn,
  type NewPasswordRow,
  type StoredNewRow,
} from './storedRows';
import { namedOnPostgres } from '../../db/namedStatements';
import { listJsonOf } from './listedEntry';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

export type PasswordRow = Selectable<PasswordsTable>;
export type { NewPasswordRow, StoredNewRow } from './storedRows';
export type PasswordChanges = Omit<
  Updateable<PasswordsTable>,
  'id' | 'user_id' | 'created_at' | DerivedColumn
>;

/** The columns an answer about one entry is built from: never a vault-key ciphertext. */
const LISTED_COLUMNS = [
  'id',
  'title',
  'email',
  'username',
  'website',
  'category',
  'is_favorite',
  'tags',
  'has_totp',
  'has_notes',
  'fields_listed',
  'strength',
  'reuse_fp',
  'password_changed_at',
  'created_at',
  'updated_at',
] as const;
/** ...and, for an entry in the vault (not in the trash), how many entries share its password. */
const PUBLIC_COLUMNS = [...LISTED_COLUMNS, 'reuse_count'] as const;

/**
 * A filter: the owner's entries among `ids`, each looked up by its id. SQLite keeps no statistics of
 * the table, so beside `user_id = ?` it took one of the owner's indexes for the cheaper way, and read
 * every entry of the vault to find the listed ones: 34 ms for 500 ids at 100,000 entries instead of 3.
 * Compared as `user_id || ''`, the owner is no index key to the planner (of either database), and is
 * still checked on every row.
 */
function ownedAmong(userId: string, ids: string[]) {
  return (eb: ExpressionBuilder<Database, 'passwords'>) =>
    eb.and([eb('id', 'in', ids), eb(sql<string>`${sql.ref('user_id')} || ''`, '=', userId)]);
}
export type PublicPasswordRow = Pick<PasswordRow, (typeof PUBLIC_COLUMNS)[number]>;

/** Where a window of an export starts: after the entry with this creation time and id. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// ---- Reuse counts: kept by the writes that change which passwords the owner's entries have ----

const fingerprintsOf = (rows: { reuse_fp?: string | null }[]) => [
  ...new Set(rows.map((row) => row.reuse_fp).filter((fp): fp is string => typeof fp === 'string')),
];

/**
 * Inside a transaction that called lockVaultKeyRow: counts again the owner's entries that have one of
 * these fingerprints, and writes the count (and the listed form that shows it) of each entry whose count
 * changed. Each fingerprint is counted once (a group), not once per entry that has it: an import of
 * 5,000 entries with one password took minutes on PostgreSQL when every entry counted its group anew.
 */
export async function recountReuse(
  db: Executor,
  userId: string,
  fingerprints: (string | null)[],
): Promise<void> {
  const unique = fingerprintsOf(fingerprints.map((reuse_fp) => ({ reuse_fp })));
  for (let start = 0; start < unique.length; start += BATCH_SIZE) {
    const batch = unique.slice(start, start + BATCH_SIZE);
    const counts = await countFingerprints(db, userId, batch);
    const rows = await db
      .selectFrom('passwords')
      .select(PUBLIC_COLUMNS)
      .where('user_id', '=', userId)
      .where('reuse_fp', 'in', batch)
      .execute();
    const nowShared = (row: PublicPasswordRow) => (row.reuse_fp ? (counts.get(row.reuse_fp) ?? 0) : 0);
    await writeListColumns(
      db,
      userId,
      rows
        .filter((row) => nowShared(row) !== Number(row.reuse_count))
        .map((row) => ({ ...row, reuse_count: nowShared(row) })),
    );
  }
}

/** Writes reuse_count and list_json of these entries of the owner, from the columns given. */
async function writeListColumns(db: Executor, userId: string, rows: PublicPasswordRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const values = sql.join(
      rows
        .slice(start, start + BATCH_SIZE)
        .map((row) => sql`(${row.id}, ${Number(row.reuse_count)}, ${listJsonOf(row)})`),
    );
    await sql`with v (id, reuse_count, list_json) as (values ${values})
      update passwords set reuse_count = cast(v.reuse_count as integer), list_json = v.list_json
      from v
      where passwords.id = v.id and passwords.user_id = ${userId}`.execute(db);
  }
}

/** How many of the owner's entries have each of these fingerprints (absent: none). */
async function countFingerprints(db: Executor, userId: string, fingerprints: string[]) {
  const counts = new Map<string, number>();
  for (let start = 0; start < fingerprints.length; start += BATCH_SIZE) {
    const rows = await db
      .selectFrom('passwords')
      .select((eb) => ['reuse_fp', eb.fn.countAll<number | string>().as('n')])
      .where('user_id', '=', userId)
      .where('reuse_fp', 'in', fingerprints.slice(start, start + BATCH_SIZE))
      .groupBy('reuse_fp')
      .execute();
    for (const row of rows) if (row.reuse_fp) counts.set(row.reuse_fp, Number(row.n));
  }
  return counts;
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

// ---- One entry ----

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
 * read-modify-write of the entry cannot lose a concurrent change. With `onlyIfUpdatedAt`, only while the
 * entry's updated_at is still that (checked in the same statement), else undefined.
 */
export function lockEntry(
  trx: Executor,
  userId: string,
  id: string,
  now: string,
  onlyIfUpdatedAt?: string,
): Promise<PasswordRow | undefined> {
  let update = trx
    .updateTable('passwords')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId);
  if (onlyIfUpdatedAt !== undefined) update = update.where('updated_at', '=', onlyIfUpdatedAt);
  return update.returningAll().executeTakeFirst();
}

/** Inside a transaction that called lockVaultKeyRow: a new entry, and the reuse counts it changes. */
export async function insertEntry(trx: Executor, row: NewPasswordRow): Promise<PublicPasswordRow> {
  const fingerprint = row.reuse_fp ?? null;
  const shared = fingerprint === null ? 0 : (await countSharingPassword(trx, row.user_id, fingerprint)) + 1;
  const stored = storedRow(row, shared);
  const inserted = await trx
    .insertInto('passwords')
    .values(stored)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
  if (shared > 1) await recountReuse(trx, row.user_id, [fingerprint]);
  return inserted;
}

/**
 * Inside a transaction that called lockVaultKeyRow: `current` is the entry before the change (locked by
 * the caller); the derived columns follow the change, and so do the reuse counts when the password did.
 */
export async function updateEntry(
  trx: Executor,
  userId: string,
  id: string,
  changes: PasswordChanges,
  current: PasswordRow,
): Promise<PublicPasswordRow | undefined> {
  const next = { ...current, ...changes };
  const passwordMoved = next.reuse_fp !== current.reuse_fp;
  // Counted before the row moves: the others with its new password, and itself.
  const shared = !passwordMoved
    ? current.reuse_count
    : next.reuse_fp === null
      ? 0
      : (await countSharingPassword(trx, userId, next.reuse_fp)) + 1;
  const { search_text, ...always } = derivedColumns(next, shared);
  const updated = await trx
    .updateTable('passwords')
    // The search index is written again only when the searchable text changed (its trigger's cost).
    .set({ ...changes, ...always, ...(search_text !== current.search_text ? { search_text } : {}) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
  if (updated && passwordMoved) await recountReuse(trx, userId, [current.reuse_fp, next.reuse_fp]);
  return updated;
}

/**
 * Inside a transaction: flips the favourite flag in one statement (two concurrent toggles both count),
 * then stores the listed form that follows.
 */
export async function toggleFavorite(
  trx: Executor,
  userId: string,
  id: string,
  now: string,
): Promise<PublicPasswordRow | undefined> {
  const row = await trx
    .updateTable('passwords')
    .set({ is_favorite: sql<number>`1 - ${sql.ref('is_favorite')}`, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
  if (row) await writeListColumns(trx, userId, [row]);
  return row;
}

/** Rows per statement: 20 parameters each, far below SQLite's 32766 and PostgreSQL's 65535. */
export const BATCH_SIZE = 500;

// ---- In bulk: export and import ----

/** What an export reads of a row: the entry as kept (ENTRY_COLUMNS), none of its derived list texts. */
export type ExportedRow = Pick<PasswordRow, (typeof ENTRY_COLUMNS)[number]>;

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
): Promise<ExportedRow[]> {
  // Not the list's stored answer and search text: they are most of a row's bytes and the file has no use for them.
  let query = db.selectFrom('passwords').select(ENTRY_COLUMNS).where('user_id', '=', userId);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  return query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/**
 * After a bulk write, PostgreSQL's planner statistics of passwords and its search table are brought up
 * to date at once instead of at autovacuum's next visit: with stale ones (a table it thinks small) it
 * reads a window by sorting every later row (an export of 100,000 entries took 8 s instead of 2). The
 * vacuum marks the new rows' pages all-visible, so the counts of the list, the dashboard and the health
 * page read their indexes alone instead of every row (the category counts of 100,000 entries: 108 ms
 * before, 8 ms after); it visits only the pages written since the last one. Outside a transaction, as
 * VACUUM must be. SQLite's planner does not depend on statistics and its indexes on no visibility map.
 */
export async function refreshStatistics(db: Executor): Promise<void> {
  if (isPostgres(db)) await sql`vacuum (analyze) passwords, passwords_search`.execute(db);
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

/** The SQL of a full batch's INSERT of `passwords`, by dialect and columns. */
const insertTexts = new Map<string, string>();

/**
 * The INSERT of `rows`, Kysely's own statement: a full batch's text is compiled once per shape and reused
 * with the rows' values in its order (row by row, each row's columns in the first row's order). Building and
 * compiling a full batch anew (12,000 value nodes) took ~170 ms of the main thread per 20,000 imported.
 */
export function compiledInsert(db: Executor, rows: StoredNewRow[]): CompiledQuery {
  const columns = Object.keys(rows[0]) as (keyof StoredNewRow)[];
  // Kysely writes DEFAULT for a value left out: only rows of one shape, every value given, share a text.
  const sameShape = rows.every((row) => {
    const keys = Object.keys(row);
    return (
      keys.length === columns.length &&
      keys.every((name, i) => name === columns[i] && row[columns[i]] !== undefined)
    );
  });
  // Full batches only: a text of each length would fill memory with texts used once.
  if (!sameShape || rows.length !== BATCH_SIZE) return db.insertInto('passwords').values(rows).compile();
  const key = `${isPostgres(db) ? 'pg' : 'sqlite'}:${columns.join(',')}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    text = db.insertInto('passwords').values(rows).compile().sql;
    // The same text 40 times per 20,000 imported: PostgreSQL parses and plans it once per connection.
    if (isPostgres(db)) namedOnPostgres(text);
    insertTexts.set(key, text);
  }
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of columns) parameters.push(row[column]);
  return CompiledQuery.raw(text, parameters);
}

/**
 * Inside a transaction that called lockVaultKeyRow: one multi-row INSERT (at most BATCH_SIZE rows of one
 * owner). The new rows' reuse counts are known before they are written (what the vault has, plus the
 * batch itself); only older entries that share a password with them are counted again. A row that comes
 * with its derived columns (made where it was sealed, counting its batch alone) keeps them unless the
 * vault's entries change its count.
 */
export async function insertBatch(db: Executor, rows: (NewPasswordRow | StoredNewRow)[]): Promise<void> {
  if (rows.length === 0) return;
  const userId = rows[0].user_id;
  const stored = await countFingerprints(db, userId, fingerprintsOf(rows));
  const inBatch = fingerprintCounts(rows);
  const sharing = (fp: string | null | undefined) =>
    fp ? (stored.get(fp) ?? 0) + (inBatch.get(fp) ?? 0) : 0;
  const values = rows.map((row) => {
    const count = sharing(row.reuse_fp);
    return 'list_json' in row && row.reuse_count === count ? row : storedRow(row, count);
  });
  await db.executeQuery(compiledInsert(db, values));
  // The older entries that now share a password with new ones.
  await recountReuse(db, userId, [...stored.keys()]);
}

/** The new content of an existing entry: every column but the owner, the creation time and the derived ones. */
export type EntryUpdate = Omit<PasswordRow, 'user_id' | 'created_at' | DerivedColumn>;

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
  'has_notes',
  'has_totp',
  'totp_enc',
  'fields_enc',
  'fields_listed',
  'strength',
  'reuse_fp',
  'password_changed_at',
] as const;

/** An entry as it is kept, without what lists and search derive from it: the trash's copy, an export's read. */
const ENTRY_COLUMNS = ['id', 'user_id', ...CONTENT_COLUMNS, 'created_at', 'updated_at'] as const;

const UPDATED_COLUMNS = [...CONTENT_COLUMNS, 'updated_at', 'search_text', 'title_sort', 'list_json'] as const;

/**
 * Inside a transaction that called lockVaultKeyRow: overwrites up to BATCH_SIZE of the owner's entries in one
 * statement (UPDATE ... FROM a VALUES list, which SQLite 3.33+ and PostgreSQL both read), then counts
 * again the passwords they had and have. Rows whose id is not the owner's are left alone.
 */
export async function updateBatch(db: Executor, userId: string, rows: EntryUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const before = await db
    .selectFrom('passwords')
    .select(['id', 'reuse_fp', 'reuse_count', 'created_at'])
    .where(
      ownedAmong(
        userId,
        rows.map((row) => row.id),
      ),
    )
    .execute();
  const current = new Map(before.map((row) => [row.id, row]));
  // Each row's listed form as the count stands; recountReuse below writes those whose count moved.
  const values = sql.join(
    rows.flatMap((row) => {
      const was = current.get(row.id);
      if (!was) return [];
      const next = { ...row, ...derivedColumns({ ...row, created_at: was.created_at }, was.reuse_count) };
      return [sql`(${sql.join([row.id, ...UPDATED_COLUMNS.map((column) => next[column])])})`];
    }),
  );
  const columns = sql.join(['id', ...UPDATED_COLUMNS].map((column) => sql.ref(column)));
  // VALUES parameters arrive as text on PostgreSQL: the integer columns are cast back.
  const assignments = sql.join(
    UPDATED_COLUMNS.map((column) =>
      column === 'is_favorite' || column === 'has_totp' || column === 'has_notes' || column === 'strength'
        ? sql`${sql.ref(column)} = cast(${sql.ref(`v.${column}`)} as integer)`
        : sql`${sql.ref(column)} = ${sql.ref(`v.${column}`)}`,
    ),
  );
  await sql`with v (${columns}) as (values ${values})
    update passwords set ${assignments}
    from v
    where passwords.id = v.id and passwords.user_id = ${userId}`.execute(db);
  await recountReuse(db, userId, [...fingerprintsOf(before), ...fingerprintsOf(rows)]);
}

// ---- Health: what a read may count without decrypting ----

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

/**
 * Inside a transaction that called lockVaultKeyRow: stores the health of up to BATCH_SIZE of the owner's
 * entries in one statement; their listed form and the reuse counts follow.
 */
export async function setHealthBatch(db: Executor, userId: string, rows: HealthUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((row) => sql`(${row.id}, ${row.strength}, ${row.reuse_fp})`));
  await sql`with v (id, strength, reuse_fp) as (values ${values})
    update passwords set strength = cast(v.strength as integer), reuse_fp = v.reuse_fp
    from v
    where passwords.id = v.id and passwords.user_id = ${userId}`.execute(db);
  await recountReuse(db, userId, fingerprintsOf(rows));
  // Their strength changed too: their listed form follows, with the counts just written.
  const updated = await db
    .selectFrom('passwords')
    .select(PUBLIC_COLUMNS)
    .where(
      ownedAmong(
        userId,
        rows.map((row) => row.id),
      ),
    )
    .execute();
  await writeListColumns(db, userId, updated);
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
    .where(ownedAmong(userId, ids))
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
  const entryIds = [...new Set(rows.map((row) => row.entry_id))];
  for (let start = 0; start < entryIds.length; start += BATCH_SIZE) {
    await trimHistory(trx, userId, entryIds.slice(start, start + BATCH_SIZE));
  }
}

/**
 * Deletes all but the newest HISTORY_KEPT earlier passwords of each of these entries of the owner, in
 * one statement: an import that overwrote 20,000 entries made 20,000 deletes, one per entry (5.6 of its
 * 10.2 s on PostgreSQL).
 */
async function trimHistory(trx: Executor, userId: string, entryIds: string[]): Promise<void> {
  const ranked = trx
    .selectFrom('password_history')
    .select((eb) => [
      'id',
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('entry_id').orderBy('changed_at', 'desc').orderBy('id', 'desc'))
        .as('newness'),
    ])
    .where('user_id', '=', userId)
    .where('entry_id', 'in', entryIds)
    .as('ranked');
  await trx
    .deleteFrom('password_history')
    .where('user_id', '=', userId)
    .where('id', 'in', (eb) =>
      eb.selectFrom(ranked).select('ranked.id').where('ranked.newness', '>', HISTORY_KEPT),
    )
    .execute();
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

/**
 * Inside a transaction that called lockVaultKeyRow: moves the owner's entry, whole, into the trash. Whether
 * there was one to move. Its history stays where it is (keyed by the entry's id, which the trash keeps).
 */
export async function moveToTrash(trx: Executor, userId: string, id: string, now: string): Promise<boolean> {
  const row = await trx
    .deleteFrom('passwords')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(ENTRY_COLUMNS)
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .insertInto('passwords_trash')
    .values({ ...row, has_totp: Number(row.has_totp), has_notes: Number(row.has_notes), deleted_at: now })
    .execute();
  await recountReuse(trx, userId, [row.reuse_fp]);
  return true;
}

/**
 * Inside a transaction that called lockVaultKeyRow: puts the owner's trashed entry back, unchanged; undefined
 * when there is none.
 */
export async function restoreFromTrash(
  trx: Executor,
  userId: string,
  id: string,
): Promise<PublicPasswordRow | undefined> {
  const row = await trx
    .deleteFrom('passwords_trash')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(ENTRY_COLUMNS)
    .executeTakeFirst();
  return row && insertEntry(trx, row);
}

/** The owner's trashed entries, most recently deleted first. */
export function listTrash(db: Executor, userId: string) {
  return db
    .selectFrom('passwords_trash')
    .select([...LISTED_COLUMNS, 'deleted_at'])
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
 * The owner's entries trashed at or before `through`, with their history: deleted for good (Empty trash).
 * One trashed later (in another tab, after the page listed the trash) stays. Answers how many.
 */
export async function purgeUserTrash(trx: Executor, userId: string, through: string): Promise<number> {
  const trashed = trx
    .selectFrom('passwords_trash')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', '<=', through);
  await trx
    .deleteFrom('password_history')
    .where('user_id', '=', userId)
    .where('entry_id', 'in', trashed)
    .execute();
  const result = await trx
    .deleteFrom('passwords_trash')
    .where('user_id', '=', userId)
    .where('deleted_at', '<=', through)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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

// ---- Unlock windows ----

export type UnlockGrantRow = Selectable<UnlockGrantsTable>;

/**
 * Adds a tab's grant. The session keeps its newest `keep` grants: the older ones end, so a sign-in whose
 * tabs unlock again and again (a reload forgets the tab's key) holds a few at most.
 */
export async function putUnlockGrant(db: Executor, row: UnlockGrantRow, keep: number): Promise<void> {
  await db.insertInto('unlock_grants').values(row).execute();
  const grants = await db
    .selectFrom('unlock_grants')
    .select('id')
    .where('session_id', '=', row.session_id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const ended = grants.slice(keep).map((grant) => grant.id);
  if (ended.length > 0) await db.deleteFrom('unlock_grants').where('id', 'in', ended).execute();
}

/** The grant whose tab key hashes to `id`. */
export function findUnlockGrant(db: Executor, id: string): Promise<UnlockGrantRow | undefined> {
  return db.selectFrom('unlock_grants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest end of the session's open grants, if any (one of its tabs is unlocked). */
export async function latestUnlockGrantEnd(
  db: Executor,
  sessionId: string,
  now: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('unlock_grants')
    .select('expires_at')
    .where('session_id', '=', sessionId)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row?.expires_at ?? null;
}

/** Ends every grant of the session, in all its tabs ("Lock now", its master-password lockout). */
export async function deleteSessionUnlockGrants(db: Executor, sessionId: string): Promise<void> {
  await db.deleteFrom('unlock_grants').where('session_id', '=', sessionId).execute();
}

/**
 * Ends every grant of the user (the unlocking pause, a new master password, signed out everywhere), or
 * of every session but `keepSessionId` (signed out everywhere else).
 */
export async function deleteUserUnlockGrants(
  db: Executor,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let grants = db.deleteFrom('unlock_grants').where('user_id', '=', userId);
  if (keepSessionId !== undefined) grants = grants.where('session_id', '!=', keepSessionId);
  await grants.execute();
}

export async function deleteExpiredUnlockGrants(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('unlock_grants').where('expires_at', '<=', now).execute();
}

/** Everything of the vault module that belongs to the user (account deletion, in its transaction). */
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
 * wrong master passwords from several sessions at once are counted one after the other on PostgreSQL,
 * and so are the reuse counts of writes that change which passwords the entries have (each one sees
 * the other's entries). Taken first, before any entry's row, so two transactions never wait for each
 * other. SQLite runs one write transaction at a time anyway.
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
