// Security alerts: a short plain-text mail to the account when something sensitive happens, if the
// user kept Security Alerts on. An alert never fails the request that caused it: a failed send is
// logged (without the mail) and forgotten.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { accountById } from '../auth/accounts';
import { findSettings } from './user.repository';

export type SecurityAlertKind =
  | 'sign-in'
  | 'password-changed'
  | 'password-reset'
  | 'master-password-changed'
  | 'two-factor-enabled'
  | 'two-factor-disabled'
  | 'master-password-lockout'
  | 'master-password-paused'
  | 'many-wrong-codes'
  | 'reveal-from-new-address'
  | 'two-factor-reset';

export interface SecurityAlertOptions {
  /** Where a failed send is logged (the request's logger); the mailer logs its own failures too. */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** The client's address, shown in the mail (sign-in). */
  ip?: string;
}

const ALERTS: Record<SecurityAlertKind, { subject: string; what: string; advice: string }> = {
  'sign-in': {
    subject: 'New sign-in to your account',
    what: 'Your PassVault account was signed in to',
    advice: 'If this was not you, change your password now and turn on two-factor authentication.',
  },
  'password-changed': {
    subject: 'Your password was changed',
    what: 'The password of your PassVault account was changed',
    advice: 'If this was not you, reset your password now with "Forgot your password" on the sign-in page.',
  },
  'password-reset': {
    subject: 'Your password was reset',
    what: 'The password of your PassVault account was reset with a code mailed to this address',
    advice:
      'If this was not you, someone can read your e-mail: secure your e-mail account, then reset your password again with "Forgot your password" on the sign-in page.',
  },
  'master-password-changed': {
    subject: 'Your master password was changed',
    what: 'The master password of your PassVault vault was changed',
    advice: 'If this was not you, sign in, change your account password and your master password now.',
  },
  'two-factor-enabled': {
    subject: 'Two-factor authentication turned on',
    what: 'Two-factor authentication was turned on for your PassVault account',
    advice: 'If this was not you, change your password now.',
  },
  'two-factor-disabled': {
    subject: 'Two-factor authentication turned off',
    what: 'Two-factor authentication was turned off for your PassVault account',
    advice: 'If this was not you, change your password now and turn two-factor authentication on again.',
  },
  'master-password-lockout': {
    subject: 'A session ended after wrong master passwords',
    what: 'A PassVault session of yours was ended after three wrong master passwords in a row',
    advice: 'If this was not you, someone knows your account password: change it now.',
  },
  'master-password-paused': {
    subject: 'Unlocking paused after wrong master passwords',
    what: 'Your PassVault account had ten wrong master passwords within a day, so unlocking the vault is paused',
    advice:
      'If this was not you, someone knows your account password: change it now. To unlock again, ask for a code in the master password dialog.',
  },
  'reveal-from-new-address': {
    subject: 'A password was revealed from a new address',
    what: 'A password in your PassVault vault was revealed from an address not seen for your account in 30 days',
    advice:
      'If this was not you, someone knows your account password and your master password: change both now, and read Settings, Activity.',
  },
  'two-factor-reset': {
    subject: 'Two-factor authentication was reset',
    what: 'The administrator of your PassVault server turned two-factor authentication off for your account',
    advice:
      'Turn it on again in Settings, Security. If you did not ask for this, contact your administrator.',
  },
  'many-wrong-codes': {
    subject: 'Many wrong codes were entered',
    what: 'Many wrong codes were entered for your PassVault account, and more are refused for today',
    advice: 'If this was not you, change your password now and keep your e-mail account safe.',
  },
};

/** Alerts still being sent, per app: the user routes wait for them when the app closes. */
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

function when(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function securityAlertMail(
  kind: SecurityAlertKind,
  firstName: string,
  at: Date,
  ip?: string,
): { subject: string; text: string } {
  const alert = ALERTS[kind];
  const from = ip ? ` from ${ip}` : '';
  return {
    subject: `PassVault security alert: ${alert.subject}`,
    text: [
      `Hello ${firstName},`,
      '',
      `${alert.what} on ${when(at)}${from}.`,
      '',
      `If this was you, there is nothing to do. ${alert.advice}`,
      '',
      'You get these messages because Security Alerts is on (Settings, Notifications).',
    ].join('\n'),
  };
}

async function send(
  ctx: AppContext,
  userId: string,
  kind: SecurityAlertKind,
  options: SecurityAlertOptions,
): Promise<void> {
  try {
    const account = await accountById(ctx.db, userId);
    if (!account || !(await findSettings(ctx.db, userId)).security_alerts) return;
    const mail = securityAlertMail(kind, account.first_name, ctx.now(), options.ip);
    await ctx.mailer.send({ to: account.email, ...mail });
  } catch (error) {
    options.log?.error(
      { err: { message: (error as Error)?.message ?? String(error) }, alert: kind },
      'security alert could not be sent',
    );
  }
}

/**
 * Mails the account about `kind` when its Security Alerts setting is on. Never rejects: callers may
 * await it or leave it running (the app waits for it on close).
 */
export function sendSecurityAlert(
  ctx: AppContext,
  userId: string,
  kind: SecurityAlertKind,
  options: SecurityAlertOptions = {},
): Promise<void> {
  let pending = inFlight.get(ctx);
  if (!pending) {
    pending = new Set();
    inFlight.set(ctx, pending);
  }
  const set = pending;
  const task = send(ctx, userId, kind, options).finally(() => set.delete(task));
  set.add(task);
  return task;
}

/** Resolves once every alert started for `ctx` has been sent or has failed. */
export async function settleSecurityAlerts(ctx: AppContext): Promise<void> {
  const pending = inFlight.get(ctx);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
