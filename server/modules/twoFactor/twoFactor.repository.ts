// All SQL of two-factor authentication: the users' two_factor_* columns and the recovery codes.
import type { Kysely, Selectable } from 'kysely';
import type { Database, RecoveryCodesTable, UsersTable } from '../../db/schema';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

const TWO_FACTOR_COLUMNS = [
  'id',
  'email',
  'two_factor_enabled',
  'two_factor_secret_enc',
  'two_factor_pending_secret_enc',
  'two_factor_last_step',
] as const;
export type TwoFactorRow = Pick<Selectable<UsersTable>, (typeof TWO_FACTOR_COLUMNS)[number]>;
export type RecoveryCodeRow = Pick<Selectable<RecoveryCodesTable>, 'id' | 'code_hash'>;

export function findTwoFactor(db: Executor, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('users').select(TWO_FACTOR_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export async function setPendingSecret(
  db: Executor,
  userId: string,
  sealedSecret: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_pending_secret_enc: sealedSecret, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Turns two-factor on with the pending secret, if that secret is still the pending one (a second,
 * concurrent confirmation of the same setup finds nothing to do). `step` is the code just used.
 */
export async function activatePendingSecret(
  db: Executor,
  userId: string,
  sealedSecret: string,
  step: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      two_factor_enabled: 1,
      two_factor_secret_enc: sealedSecret,
      two_factor_pending_secret_enc: null,
      two_factor_last_step: step,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('two_factor_pending_secret_enc', '=', sealedSecret)
    .executeTakeFirst();
  return result.numUpdatedRows === BigInt(1);
}

/** Records the step of an accepted code, unless that step or a later one was already used. */
export async function claimStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where('two_factor_enabled', '=', 1)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === BigInt(1);
}

export async function disableTwoFactor(db: Executor, userId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      two_factor_enabled: 0,
      two_factor_secret_enc: null,
      two_factor_pending_secret_enc: null,
      two_factor_last_step: null,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  codes: { id: string; code_hash: string }[],
): Promise<void> {
  await deleteRecoveryCodes(db, userId);
  if (codes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ ...code, user_id: userId, used_at: null })))
    .execute();
}

export async function deleteRecoveryCodes(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export function listUnusedRecoveryCodes(db: Executor, userId: string): Promise<RecoveryCodeRow[]> {
  return db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
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
