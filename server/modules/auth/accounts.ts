// The account (the users table) as the other modules use it: who a user is, their names, whether
// two-factor is on, and the end of the account. The auth module's repository is the only one that
// touches the table; these functions are the way in.
import { ACCOUNT_PASSWORD_REASONS } from '../../../src/common/accountPassword';
import { nameProblem, type NameLabel } from '../../../src/common/names';
import type { AppContext } from '../../context';
import { verifyPassword } from '../../crypto/argon';
import { badRequest, unauthorized } from '../../http/errors';
import { LIMITS, beginAttempt } from '../../security/limits';
import type { Executor, UserAuthRow } from './auth.repository';
import { deleteAccountRows, findUserById, updateNames, updateTwoFactorEnabled } from './auth.repository';
import { TOKEN_NOT_VALID } from './sessions';

export type Account = UserAuthRow;

export function accountById(db: Executor, userId: string): Promise<Account | undefined> {
  return findUserById(db, userId);
}

/** The account of a signed-in user; 401 when it is gone (deleted from another session). */
export async function signedInAccount(ctx: AppContext, userId: string): Promise<Account> {
  const account = await accountById(ctx.db, userId);
  if (!account) throw unauthorized(TOKEN_NOT_VALID);
  return account;
}

export const INCORRECT_PASSWORD = 'Incorrect password';

/**
 * Checks the account password of a signed-in user, counting wrong ones per account (429 past the
 * limit). Throws 400 `message` when wrong: a 400 never signs the client out. Both answers carry a
 * reason naming the account password, so a form that also asks for the master password knows which
 * of the two was wrong.
 */
export async function checkAccountPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  message: string = INCORRECT_PASSWORD,
): Promise<Account> {
  const account = await signedInAccount(ctx, userId);
  const attempt = await beginAttempt(ctx, `account-password:${userId}`, LIMITS.accountPasswordChecks, {
    message: 'Too many incorrect passwords.',
    details: { reason: ACCOUNT_PASSWORD_REASONS.limited },
  });
  if (!(await verifyPassword(account.password_hash, password))) {
    throw badRequest(message, { reason: ACCOUNT_PASSWORD_REASONS.incorrect });
  }
  await attempt.succeeded();
  return account;
}

export function renameAccount(db: Executor, userId: string, firstName: string, lastName: string, now: Date) {
  return updateNames(db, userId, firstName, lastName, now.toISOString());
}

/** The two-factor module turns the flag on or off (in the transaction that changes its own rows). */
export function setTwoFactorEnabled(db: Executor, userId: string, enabled: boolean, now: Date) {
  return updateTwoFactorEnabled(db, userId, enabled, now.toISOString());
}

/** The account, its sessions, codes and pending registrations; the caller's transaction removes the rest. */
export function deleteAccountRecords(db: Executor, account: Pick<Account, 'id' | 'email'>) {
  return deleteAccountRows(db, account.id, account.email);
}

/** A name as it is stored (trimmed), or a 400 with the form's own text. */
export function requireName(label: NameLabel, raw: string, at: 'registration' | 'profile'): string {
  const problem = nameProblem(label, raw, at);
  if (problem) throw badRequest(problem);
  return raw.trim();
}
