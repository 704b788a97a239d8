// All SQL of the vault module. Each function takes the database or a transaction first. Every query on
// `passwords` filters by the owner: an entry id alone never reaches a row.
import { sql, type Insertable, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Category } from '../../../src/common/constants';
import type { Database, PasswordsTable } from '../../db/schema';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

export type PasswordRow = Selectable<PasswordsTable>;
export type NewPasswordRow = Insertable<PasswordsTable>;
export type PasswordChanges = Omit<Updateable<PasswordsTable>, 'id' | 'user_id' | 'created_at'>;

/** The columns an answer may be built from: never the ciphertext. */
const PUBLIC_COLUMNS = [
  'id',
  'title',
  'email',
  'username',
  'website',
  'category',
  'is_favorite',
  'tags',
  'created_at',
  'updated_at',
] as const;
export type PublicPasswordRow = Pick<PasswordRow, (typeof PUBLIC_COLUMNS)[number]>;

/** What search looks at. Passwords, notes and tags are not searched. */
const SEARCHABLE = ['title', 'website', 'username', 'email'] as const;

const LIKE_ESCAPE = '\\';

/** A LIKE pattern matching `text` as a plain substring: `%`, `_` and the escape character are literal. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => LIKE_ESCAPE + char)}%`;
}

export interface EntryFilter {
  search?: string;
  category?: Category;
  favorite?: boolean;
  limit?: number;
}

/** Changes with every write to the user's entries (database triggers); undefined for an unknown user. */
export async function vaultVersion(db: Executor, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('vault_version')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.vault_version;
}

/** The owner's entries, newest first, without their secrets. */
export function listEntries(db: Executor, userId: string, filter: EntryFilter): Promise<PublicPasswordRow[]> {
  let query = db.selectFrom('passwords').select(PUBLIC_COLUMNS).where('user_id', '=', userId);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    // lower() on both sides: the same case folding on SQLite and PostgreSQL; the pattern is a parameter
    // and the escape character is declared, as SQLite has none by default.
    query = query.where((eb) =>
      eb.or(
        SEARCHABLE.map(
          (column) => sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape ${LIKE_ESCAPE}`,
        ),
      ),
    );
  }
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.favorite !== undefined) query = query.where('is_favorite', '=', filter.favorite ? 1 : 0);
  query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
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
  await db.insertInto('passwords').values(row).execute();
}

export function updateEntry(
  db: Executor,
  userId: string,
  id: string,
  changes: PasswordChanges,
): Promise<PublicPasswordRow | undefined> {
  return db
    .updateTable('passwords')
    .set(changes)
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

// ---- The vault key and master-password accounting (users and sessions rows of the signed-in user) ----

export interface VaultKeyRow {
  vault_key_wrapped: string;
  kdf_salt: string;
  kdf_memory_kib: number;
  kdf_iterations: number;
  kdf_parallelism: number;
}

/** The wrapped vault key of a session's user, or undefined when the session is no longer active. */
export function findVaultKeyOfActiveSession(
  db: Executor,
  userId: string,
  sessionId: string,
  now: string,
): Promise<VaultKeyRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.vault_key_wrapped',
      'users.kdf_salt',
      'users.kdf_memory_kib',
      'users.kdf_iterations',
      'users.kdf_parallelism',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function isSessionActive(
  db: Executor,
  userId: string,
  sessionId: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one more wrong master password; answers the new count (undefined: no such user). */
export async function incrementMasterFailures(db: Executor, userId: string): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set({ master_failures: sql<number>`${sql.ref('master_failures')} + 1` })
    .where('id', '=', userId)
    .returning('master_failures')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.master_failures);
}

export async function resetMasterFailures(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ master_failures: 0 })
    .where('id', '=', userId)
    .where('master_failures', '<>', 0)
    .execute();
}
