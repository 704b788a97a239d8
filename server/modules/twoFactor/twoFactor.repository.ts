// All SQL of two-factor authentication, the one owner of `two_factor` (the sealed secrets and the last
// accepted step) and `recovery_codes`. Whether two-factor is on is the account's flag (auth module).
import type { Kysely, Selectable } from 'kysely';
import type { Database, RecoveryCodesTable, TwoFactorTable } from '../../db/schema';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

export type TwoFactorRow = Selectable<TwoFactorTable>;
export type RecoveryCodeRow = Pick<Selectable<RecoveryCodesTable>, 'id' | 'code_hash'>;

export function findTwoFactor(db: Executor, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new setup's secret, replacing any earlier unconfirmed one. */
export async function setPendingSecret(db: Executor, userId: string, sealedSecret: string): Promise<void> {
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret_enc: null, pending_secret_enc: sealedSecret, last_step: null })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ pending_secret_enc: sealedSecret }))
    .execute();
}

/**
 * Makes the pending secret the active one, if it is still the pending one (a second, concurrent
 * confirmation of the same setup finds nothing to do). `step` is the code just used.
 */
export async function activatePendingSecret(
  db: Executor,
  userId: string,
  sealedSecret: string,
  step: number,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ secret_enc: sealedSecret, pending_secret_enc: null, last_step: step })
    .where('user_id', '=', userId)
    .where('pending_secret_enc', '=', sealedSecret)
    .executeTakeFirst();
  return result.numUpdatedRows === BigInt(1);
}

/** Records the step of an accepted code, unless that step or a later one was already used. */
export async function claimStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('secret_enc', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === BigInt(1);
}

/** Forgets the secrets and the recovery codes of the user (two-factor off, or the account deleted). */
export async function deleteTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  codes: { id: string; code_hash: string }[],
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (codes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ ...code, user_id: userId, used_at: null, hash_version: 2 })))
    .execute();
}

export function listUnusedRecoveryCodes(db: Executor, userId: string): Promise<RecoveryCodeRow[]> {
  return db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('hash_version', '=', 2)
    .execute();
}

/** Marks a recovery code used; false when another request used it first. */
export async function useRecoveryCode(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === BigInt(1);
}

// Start-up: the server key leaves the database, recovery code hashes get keyed.

/** Every row with a sealed TOTP secret (active or pending). */
export function listSealedSecrets(db: Executor): Promise<TwoFactorRow[]> {
  return db
    .selectFrom('two_factor')
    .selectAll()
    .where((eb) => eb.or([eb('secret_enc', 'is not', null), eb('pending_secret_enc', 'is not', null)]))
    .execute();
}

export async function setSealedSecrets(
  db: Executor,
  userId: string,
  secret: string | null,
  pending: string | null,
): Promise<void> {
  await db
    .updateTable('two_factor')
    .set({ secret_enc: secret, pending_secret_enc: pending })
    .where('user_id', '=', userId)
    .execute();
}

/** Recovery codes still hashed the version-1 way (salted SHA-256, without the server key). */
export function listLegacyRecoveryCodes(db: Executor): Promise<RecoveryCodeRow[]> {
  return db.selectFrom('recovery_codes').select(['id', 'code_hash']).where('hash_version', '=', 1).execute();
}

export async function setRecoveryCodeHash(db: Executor, id: string, codeHash: string): Promise<void> {
  await db
    .updateTable('recovery_codes')
    .set({ code_hash: codeHash, hash_version: 2 })
    .where('id', '=', id)
    .where('hash_version', '=', 1)
    .execute();
}
