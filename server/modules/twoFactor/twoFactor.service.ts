// Two-factor authentication: TOTP setup, its confirmation with ten recovery codes, turning it off, and
// the second factor of a sign-in. Secrets are stored sealed with the server key, recovery codes hashed.
import type { AppContext } from '../../context';
import { openWithServerKey, sealWithServerKey } from '../../crypto/serverKey';
import { badRequest, HttpError, unauthorized } from '../../http/errors';
import { beginAttempt } from '../user/accountLimits';
import { checkAccountPassword } from '../user/user.service';
import {
  findRecoveryCode,
  generateRecoveryCodes,
  hashRecoveryCodes,
  normaliseRecoveryCode,
} from './recoveryCodes';
import * as repo from './twoFactor.repository';
import { generateSecret, matchTotp, otpauthUrl, qrCodeDataUrl } from './totp';

export const MESSAGES = {
  alreadyEnabled: 'Two-factor authentication is already enabled',
  notEnabled: 'Two-factor authentication is not enabled',
  setupNotStarted: 'Two-factor setup has not been started',
  setupChanged: 'Two-factor setup was started again. Please scan the new QR code.',
  passwordRequired: 'Password is required',
  codeRequired: 'Verification code is required',
  invalidCode: 'Invalid verification code',
  enabled: 'Two-factor authentication enabled',
  disabled: '2FA disabled successfully',
  tokenNotValid: 'Token is not valid',
} as const;

/** What `wrong codes` are called in the 429 message. */
const CODES = 'codes';

/** A sealed secret opens only for its owner's row. */
const secretAad = (userId: string) => `passvault:totp-secret:${userId}`;

/** Spaces are allowed in what people type: apps show "123 456". */
const compact = (code: string) => code.replace(/\s/g, '');

async function openSecret(ctx: AppContext, userId: string, sealed: string): Promise<string> {
  const secret = await openWithServerKey(ctx.db, sealed, secretAad(userId));
  // Not the client's fault: a 500 whose text is hidden.
  if (secret === null) throw new Error('A two-factor secret could not be decrypted with the server key');
  return secret;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** Starts setup after the account password: a new pending secret, its key URI and QR code. */
export async function startSetup(ctx: AppContext, userId: string, password: string): Promise<TwoFactorSetup> {
  if (!password) throw badRequest(MESSAGES.passwordRequired);
  const account = await checkAccountPassword(ctx, userId, password);
  if (account.two_factor_enabled) throw badRequest(MESSAGES.alreadyEnabled);
  const secret = generateSecret();
  const sealed = await sealWithServerKey(ctx.db, secret, secretAad(userId));
  await repo.setPendingSecret(ctx.db, userId, sealed, ctx.now().toISOString());
  const url = otpauthUrl(account.email, secret);
  return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
}

/** Turns two-factor on with a current code of the pending secret; answers the recovery codes, once. */
export async function confirmSetup(ctx: AppContext, userId: string, otp: string): Promise<string[]> {
  const code = compact(otp);
  if (!code) throw badRequest(MESSAGES.codeRequired);
  const row = await repo.findTwoFactor(ctx.db, userId);
  if (!row) throw unauthorized(MESSAGES.tokenNotValid);
  if (row.two_factor_enabled) throw badRequest(MESSAGES.alreadyEnabled);
  const pending = row.two_factor_pending_secret_enc;
  if (!pending) throw badRequest(MESSAGES.setupNotStarted);

  const attempt = await beginAttempt(ctx, 'twoFactorCode', userId, CODES);
  const step = matchTotp(await openSecret(ctx, userId, pending), code, ctx.now());
  if (step === null) throw badRequest(MESSAGES.invalidCode);
  await attempt.succeeded();

  const codes = generateRecoveryCodes();
  const now = ctx.now().toISOString();
  const activated = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.activatePendingSecret(trx, userId, pending, step, now))) return false;
    await repo.replaceRecoveryCodes(trx, userId, hashRecoveryCodes(codes));
    return true;
  });
  if (!activated) throw new HttpError(409, MESSAGES.setupChanged);
  return codes;
}

/** Turns two-factor off after the account password: secrets and recovery codes are gone. */
export async function disable(ctx: AppContext, userId: string, password: string): Promise<void> {
  if (!password) throw badRequest(MESSAGES.passwordRequired);
  const account = await checkAccountPassword(ctx, userId, password);
  if (!account.two_factor_enabled) throw badRequest(MESSAGES.notEnabled);
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.disableTwoFactor(trx, userId, now);
    await repo.deleteRecoveryCodes(trx, userId);
  });
}

async function acceptTotp(ctx: AppContext, row: repo.TwoFactorRow, code: string): Promise<boolean> {
  if (!row.two_factor_secret_enc) return false;
  const step = matchTotp(await openSecret(ctx, row.id, row.two_factor_secret_enc), code, ctx.now());
  // claimStep refuses a step at or before the last accepted one: each code works once, even in a race.
  return step !== null && repo.claimStep(ctx.db, row.id, step);
}

async function acceptRecoveryCode(ctx: AppContext, userId: string, typed: string): Promise<boolean> {
  const code = normaliseRecoveryCode(typed);
  if (!code) return false;
  const id = findRecoveryCode(await repo.listUnusedRecoveryCodes(ctx.db, userId), code);
  return id !== null && repo.useRecoveryCode(ctx.db, id, ctx.now().toISOString());
}

/**
 * The second factor of a sign-in (the login route's seam), called after the account password was
 * right: a 6-digit TOTP code, accepted once within ±1 step, or a recovery code, accepted once ever.
 * False when wrong or when two-factor is off. Throws 429 (HttpError with Retry-After) once the
 * account's wrong codes reach the limit; the login route lets it through.
 */
export async function verifyLoginSecondFactor(
  ctx: AppContext,
  userId: string,
  code: string,
): Promise<boolean> {
  const typed = compact(code);
  if (!typed) return false;
  const row = await repo.findTwoFactor(ctx.db, userId);
  if (!row || !row.two_factor_enabled) return false;
  const attempt = await beginAttempt(ctx, 'twoFactorCode', userId, CODES);
  const accepted = /^\d{6}$/.test(typed)
    ? await acceptTotp(ctx, row, typed)
    : await acceptRecoveryCode(ctx, userId, typed);
  if (accepted) await attempt.succeeded();
  return accepted;
}
