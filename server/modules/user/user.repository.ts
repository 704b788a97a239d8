// All SQL of the user module. Each function takes the database or a transaction first.
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import type { WrappedVaultKey } from '../../crypto/vaultKey';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

/** What the account pages read of a user: never the vault key or the two-factor secrets. */
const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'password_hash',
  'two_factor_enabled',
  'email_notifications',
  'security_alerts',
  'auto_logout',
  'created_at',
] as const;
export type AccountRow = Pick<Selectable<UsersTable>, (typeof ACCOUNT_COLUMNS)[number]>;

export function findAccount(db: Executor, userId: string): Promise<AccountRow | undefined> {
  return db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export async function updateNames(
  db: Executor,
  userId: string,
  firstName: string,
  lastName: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function updateVaultKeyWrap(
  db: Executor,
  userId: string,
  wrapped: WrappedVaultKey,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      vault_key_wrapped: wrapped.vaultKeyWrapped,
      kdf_salt: wrapped.kdfSalt,
      kdf_memory_kib: wrapped.kdf.memoryKib,
      kdf_iterations: wrapped.kdf.iterations,
      kdf_parallelism: wrapped.kdf.parallelism,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export interface SettingsChanges {
  email_notifications?: number;
  security_alerts?: number;
  auto_logout?: number;
}

export async function updateSettings(
  db: Executor,
  userId: string,
  changes: SettingsChanges,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export interface VaultCounts {
  total: number;
  favorites: number;
  categories: number;
}

export async function countEntries(db: Executor, userId: string): Promise<VaultCounts> {
  const row = await db
    .selectFrom('passwords')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.sum<string | number | null>('is_favorite').as('favorites'),
      eb.fn.count<string | number>('category').distinct().as('categories'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count() and sum() as bigint text; SQLite as numbers.
  return {
    total: Number(row.total),
    favorites: Number(row.favorites ?? 0),
    categories: Number(row.categories),
  };
}

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

/** Removes the account and everything that belongs to it. Run inside a transaction. */
export async function deleteAccountData(db: Executor, userId: string, email: string): Promise<void> {
  await db.deleteFrom('passwords').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('one_time_codes').where('email', '=', email).execute();
  await db.deleteFrom('pending_registrations').where('email', '=', email).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
