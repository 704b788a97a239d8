// Who may register (SIGNUPS, SIGNUP_DOMAINS) and the invitations that let someone in when sign-up is
// not open: random tokens, stored as SHA-256, single use, bound to one e-mail address, valid 7 days.
import type { AppContext } from '../../context';
import { newId, newToken, sha256 } from '../../crypto/tokens';
import { HttpError } from '../../http/errors';
import * as repo from './auth.repository';

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const SIGNUP_MESSAGES = {
  closed: 'Sign-up is closed on this server. Ask its administrator for an invitation.',
  inviteOnly: 'Sign-up on this server is by invitation only. Ask its administrator for an invitation.',
  invitationInvalid: 'This invitation is not valid: it may have expired or been used. Ask for a new one.',
  invitationOtherEmail: 'This invitation was sent to another e-mail address.',
  domain: (domains: string[]) => `Sign-up is limited to e-mail addresses at ${domains.join(', ')}.`,
} as const;

const forbidden = (message: string) => new HttpError(403, message);

/**
 * The invitation a registration may use (its id), or null when sign-up is open to this address
 * without one; 403 with a clear message when the address may not register.
 */
export async function admitRegistration(
  ctx: AppContext,
  email: string,
  inviteToken: string | undefined,
): Promise<string | null> {
  if (inviteToken) {
    const invitation = await repo.findInvitationByTokenHash(ctx.db, sha256(inviteToken));
    const now = ctx.now().toISOString();
    if (!invitation || invitation.used_at !== null || invitation.expires_at <= now) {
      throw forbidden(SIGNUP_MESSAGES.invitationInvalid);
    }
    if (invitation.email !== email) throw forbidden(SIGNUP_MESSAGES.invitationOtherEmail);
    return invitation.id;
  }
  const { signups, signupDomains } = ctx.config;
  if (signups === 'closed') throw forbidden(SIGNUP_MESSAGES.closed);
  if (signups === 'invite') throw forbidden(SIGNUP_MESSAGES.inviteOnly);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (signupDomains.length > 0 && !signupDomains.includes(domain)) {
    throw forbidden(SIGNUP_MESSAGES.domain(signupDomains));
  }
  return null;
}

/** Uses the invitation up when the registration is confirmed (in its transaction); 403 when it is gone. */
export async function useInvitation(trx: repo.Executor, invitationId: string, now: string): Promise<void> {
  if (!(await repo.useInvitation(trx, invitationId, now))) throw forbidden(SIGNUP_MESSAGES.invitationInvalid);
}

export interface Invitation {
  email: string;
  token: string;
  expiresAt: string;
}

/** A new invitation for `email` (already checked): the token is shown once, only its hash is kept. */
export async function createInvitation(ctx: AppContext, email: string): Promise<Invitation> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
  await repo.insertInvitation(ctx.db, {
    id: newId(),
    email,
    token_hash: sha256(token),
    created_at: now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
  });
  return { email, token, expiresAt };
}
