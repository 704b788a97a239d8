// All SQL of the auth module. Every function takes the database or a transaction first.
import type { Insertable, Kysely, Selectable } from 'kysely';
import { reusableQuery } from '../../db/reusableQuery';
import type {
  CodePurpose,
  Database,
  OneTimeCodesTable,
  PendingRegistrationsTable,
  SessionsTable,
  UsersTable,
  InvitationsTable,
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
  'disabled_at',
] as const;
export type UserAuthRow = Pick<UserRow, (typeof USER_COLUMNS)[number]>;

/** A unique constraint refused the write (SQLite and PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

// Users

/** Every account, oldest first, with its last sign-in (the newest session): the admin command's list. */
export function listUsersWithLastSignIn(db: Executor) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'id',
      'email',
      'created_at',
      'two_factor_enabled',
      'disabled_at',
      eb
        .selectFrom('sessions')
        .select((max) => max.fn.max('sessions.created_at').as('last'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('last_sign_in'),
    ])
    .orderBy('created_at', 'asc')
    .execute();
}

export async function setUserDisabled(db: Executor, userId: string, at: string | null): Promise<void> {
  await db.updateTable('users').set({ disabled_at: at }).where('id', '=', userId).execute();
}

// Invitations

export type InvitationRow = Selectable<InvitationsTable>;

export async function insertInvitation(db: Executor, row: InvitationRow): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

export function findInvitationByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses the invitation up; false when it was used already (single use, also across processes). */
export async function useInvitation(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteInvitationsOf(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('invitations').where('email', '=', email).execute();
}

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

/**
 * Creates the account from its pending registration (same id, so the vault key wrapped for the pending id
 * stays bound). The vault key and the preferences are the vault and user modules' rows.
 */
export async function insertUserFromPending(db: Executor, pending: PendingRow, now: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: pending.id,
      email: pending.email,
      first_name: pending.first_name,
      last_name: pending.last_name,
      password_hash: pending.password_hash,
      two_factor_enabled: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
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

export async function updateTwoFactorEnabled(
  db: Executor,
  userId: string,
  enabled: boolean,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_enabled: enabled ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** The account's own rows: its sessions, codes, pending registrations and the account. In a transaction. */
export async function deleteAccountRows(db: Executor, userId: string, email: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('one_time_codes').where('email', '=', email).execute();
  await db.deleteFrom('pending_registrations').where('email', '=', email).execute();
  await db.deleteFrom('invitations').where('email', '=', email).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
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

/** The pending registration of `email` that the client holding the handle (by its hash) started. */
export function findPendingByHandle(
  db: Executor,
  email: string,
  handleHash: string,
): Promise<PendingRow | undefined> {
  return db
    .selectFrom('pending_registrations')
    .selectAll()
    .where('handle_hash', '=', handleHash)
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function insertPending(db: Executor, row: Insertable<PendingRegistrationsTable>): Promise<void> {
  await db.insertInto('pending_registrations').values(row).execute();
}

/** Every pending registration of an e-mail (the account exists now, or the account is deleted). */
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

/** Whose code: an e-mail and purpose, and for registration codes the one registration. */
export interface CodeSubject {
  email: string;
  purpose: CodePurpose;
  /** Registration codes: the pending registration the code completes (absent: any of the e-mail's). */
  registrationId?: string;
}

/** The newest code of a subject: the only one that can still be used. */
export function findNewestCode(db: Executor, subject: CodeSubject): Promise<CodeRow | undefined> {
  let query = db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('email', '=', subject.email)
    .where('purpose', '=', subject.purpose);
  if (subject.registrationId !== undefined) {
    query = query.where('registration_id', '=', subject.registrationId);
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
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

export async function deleteCodes(db: Executor, subject: CodeSubject): Promise<void> {
  let query = db
    .deleteFrom('one_time_codes')
    .where('email', '=', subject.email)
    .where('purpose', '=', subject.purpose);
  if (subject.registrationId !== undefined) {
    query = query.where('registration_id', '=', subject.registrationId);
  }
  await query.execute();
}

/** Every code of the subject except `keepId`: a new code makes the older ones useless. */
export async function deleteOtherCodes(db: Executor, subject: CodeSubject, keepId: string): Promise<void> {
  let query = db
    .deleteFrom('one_time_codes')
    .where('email', '=', subject.email)
    .where('purpose', '=', subject.purpose)
    .where('id', '!=', keepId);
  if (subject.registrationId !== undefined) {
    query = query.where('registration_id', '=', subject.registrationId);
  }
  await query.execute();
}

export async function deleteCodesExpiredBefore(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('one_time_codes').where('expires_at', '<', before).execute();
}

// Sessions

export async function insertSession(db: Executor, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A session by its token's hash. */
// Read by every request that carries a token.
const sessionByTokenHash = reusableQuery((db: Executor, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'created_at', 'last_used_at', 'expires_at', 'revoked_at', 'idle_minutes'])
    .where('token_hash', '=', tokenHash),
);

export async function findSessionByTokenHash(db: Executor, tokenHash: string) {
  const [session] = await sessionByTokenHash(db, tokenHash);
  return session;
}

/** Every session of the user ends when idle for `minutes` from now on (the preference changed). */
export async function updateSessionsIdleMinutes(
  db: Executor,
  userId: string,
  minutes: number,
): Promise<void> {
  await db.updateTable('sessions').set({ idle_minutes: minutes }).where('user_id', '=', userId).execute();
}

export async function touchSession(db: Executor, sessionId: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

/** The session while it is neither revoked nor past its lifetime, with its wrong master passwords. */
export function findActiveSession(db: Executor, userId: string, sessionId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'master_failures'])
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** One more wrong master password in the session (locking its row); the new count, or undefined. */
export async function incrementSessionMasterFailures(
  db: Executor,
  userId: string,
  sessionId: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('sessions')
    .set((eb) => ({ master_failures: eb('master_failures', '+', 1) }))
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('master_failures')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.master_failures);
}

export async function resetSessionMasterFailures(db: Executor, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ master_failures: 0 })
    .where('id', '=', sessionId)
    .where('master_failures', '<>', 0)
    .execute();
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
