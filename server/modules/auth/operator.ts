// What the administrator's command (server/admin) does to accounts: list, disable, enable, end
// sessions and invite. A disabled account's sessions end at once and it cannot sign in; every server
// process sees that at its next request, since sessions are checked in the database.
import { normaliseEmail, isValidEmail } from '../../../src/common/email';
import type { AppContext } from '../../context';
import * as repo from './auth.repository';
import { invitationMail } from './auth.mails';
import { endAllSessions } from './sessions';
import { createInvitation, type Invitation } from './signupPolicy';
import type { Account } from './accounts';

/** A mistake of the operator's: printed as one line, exit code 1. */
export class OperatorError extends Error {}

export function operatorEmail(raw: string | undefined): string {
  const email = normaliseEmail(raw ?? '');
  if (!email || !isValidEmail(email)) throw new OperatorError(`Not an e-mail address: "${raw ?? ''}"`);
  return email;
}

export async function accountByEmail(ctx: AppContext, raw: string | undefined): Promise<Account> {
  const email = operatorEmail(raw);
  const account = await repo.findUserByEmail(ctx.db, email);
  if (!account) throw new OperatorError(`No account with the e-mail address ${email}`);
  return account;
}

export function listAccounts(ctx: AppContext) {
  return repo.listUsersWithLastSignIn(ctx.db);
}

export async function disableAccount(ctx: AppContext, account: Account): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setUserDisabled(trx, account.id, now.toISOString());
    await endAllSessions(trx, account.id, now);
  });
}

export async function enableAccount(ctx: AppContext, account: Account): Promise<void> {
  await repo.setUserDisabled(ctx.db, account.id, null);
}

export function endAccountSessions(ctx: AppContext, account: Account): Promise<void> {
  return ctx.db.transaction().execute((trx) => endAllSessions(trx, account.id, ctx.now()));
}

export interface SentInvitation extends Invitation {
  link: string;
  mailed: boolean;
}

/**
 * An invitation for `email` (which must not have an account), its link under PUBLIC_URL and, when SMTP
 * is set, the mail that carries it.
 */
export async function inviteByEmail(
  ctx: AppContext,
  raw: string | undefined,
  baseUrl: string,
): Promise<SentInvitation> {
  const email = operatorEmail(raw);
  if (await repo.userExists(ctx.db, email)) throw new OperatorError(`${email} already has an account`);
  const invitation = await createInvitation(ctx, email);
  const link = `${baseUrl}register?invite=${encodeURIComponent(invitation.token)}`;
  const mailed = Boolean(ctx.config.smtpUrl);
  if (mailed) await ctx.mailer.send(invitationMail(email, link, invitation.expiresAt));
  return { ...invitation, link, mailed };
}
