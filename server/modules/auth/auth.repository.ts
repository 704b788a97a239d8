// All SQL of the auth module. Every function takes the database or a transaction first.
import { DEFAULT_AUTO_LOGOUT } from '../../../src/common/constants';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  CodePurpose,
  Database,
  OneTimeCodesTable,
  PendingRegistrationsTable,
  SessionsTable,
  UsersTable,
} from '../../db/schema';

/** The database or a transaction of it. */
export type Executor = Kysely<Database>;

export type UserRow = Selectable<UsersTable>;
export type PendingRow = Selectable<PendingRegistrationsTable>;
export type CodeRow = Selectable<OneTimeCodesTable>;

/** The columns the auth module reads of a user: never the vault key or the two-factor secrets. */
const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'password_hash',
  'two_factor_enabled',
  'created_at',
] as const;
export type UserAuthRow = Pick<UserRow, (typeof USER_COLUMNS)[number]>;

/** A unique constraint refused the write (SQLite and PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

// Users

export function findUserByEmail(db: Executor, email: string): Promise<UserAuthRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserAuthRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function userExists(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** Creates the account from its pending registration (same id, so the wrapped vault key stays bound). */
export async function insertUserFromPending(db: Executor, pending: PendingRow, now: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: pending.id,
      email: pending.email,
      first_name: pending.first_name,
      last_name: pending.last_name,
      password_hash: pending.password_hash,
      vault_key_wrapped: pending.vault_key_wrapped,
      kdf_salt: pending.kdf_salt,
      kdf_memory_kib: pending.kdf_memory_kib,
      kdf_iterations: pending.kdf_iterations,
      kdf_parallelism: pending.kdf_parallelism,
      master_failures: 0,
      two_factor_enabled: 0,
      two_factor_secret_enc: null,
      two_factor_pending_secret_enc: null,
      two_factor_last_step: null,
      email_notifications: 1,
      security_alerts: 1,
      auto_logout: DEFAULT_AUTO_LOGOUT,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

// Pending registrations

export function findPendingByEmail(db: Executor, email: string): Promise<PendingRow | undefined> {
  return db.selectFrom('pending_registrations').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertPending(db: Executor, row: Insertable<PendingRegistrationsTable>): Promise<void> {
  await db.insertInto('pending_registrations').values(row).execute();
}

export async function deletePendingByEmail(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('pending_registrations').where('email', '=', email).execute();
}

export async function deletePendingById(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('pending_registrations').where('id', '=', id).execute();
}

/** Registrations never confirmed: forgotten after a while so their e-mail can start afresh. */
export async function deletePendingCreatedBefore(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('pending_registrations').where('created_at', '<', before).execute();
}

// One-time codes

export async function insertCode(db: Executor, row: Insertable<OneTimeCodesTable>): Promise<void> {
  await db.insertInto('one_time_codes').values(row).execute();
}

/** The newest code of an e-mail and purpose: the only one that can still be used. */
export function findNewestCode(
  db: Executor,
  email: string,
  purpose: CodePurpose,
): Promise<CodeRow | undefined> {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Books one try of a code before it is compared, so parallel guesses cannot exceed the limit.
 * False when the code is used, expired or out of tries.
 */
export async function reserveCodeTry(
  db: Executor,
  id: string,
  maxTries: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', maxTries)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === BigInt(1);
}

/** A right code gives its try back: only wrong guesses count against it. */
export async function releaseCodeTry(db: Executor, id: string, verifiedAt: string | null): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set((eb) => ({
      tries: eb('tries', '-', 1),
      ...(verifiedAt ? { verified_at: verifiedAt } : {}),
    }))
    .where('id', '=', id)
    .where('tries', '>', 0)
    .execute();
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === BigInt(1);
}

export async function deleteCodeById(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('one_time_codes').where('id', '=', id).execute();
}

export async function deleteCodes(db: Executor, email: string, purpose: CodePurpose): Promise<void> {
  await db.deleteFrom('one_time_codes').where('email', '=', email).where('purpose', '=', purpose).execute();
}

/** Every code of an e-mail and purpose except `keepId`: a new code makes the older ones useless. */
export async function deleteOtherCodes(
  db: Executor,
  email: string,
  purpose: CodePurpose,
  keepId: string,
): Promise<void> {
  await db
    .deleteFrom('one_time_codes')
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('id', '!=', keepId)
    .execute();
}

export async function deleteCodesExpiredBefore(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('one_time_codes').where('expires_at', '<', before).execute();
}

// Sessions

export async function insertSession(db: Executor, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function revokeSession(db: Executor, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Executor, userId: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Signs out every session of the user except `keepSessionId` (the one that asked). */
export async function revokeOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
