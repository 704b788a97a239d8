// Two-factor authentication: TOTP setup, its confirmation with ten recovery codes, turning it off, and
// the second factor of a sign-in. Secrets are stored sealed with the server key, recovery codes as a hash
// keyed with it.
import type { AppContext } from '../../context';
import { openWithServerKey, sealWithServerKey } from '../../crypto/serverKey';
import { badRequest, HttpError } from '../../http/errors';
import { LIMITS, beginAttempt, firstTimeToday } from '../../security/limits';
import { accountById, checkAccountPassword, setTwoFactorEnabled, signedInAccount } from '../auth/accounts';
import { endOtherSessions, type AuthInfo } from '../auth/sessions';
import { sendSecurityAlert } from '../user/securityAlerts';
import {
  findRecoveryCode,
  generateRecoveryCodes,
  hashRecoveryCodes,
  normaliseRecoveryCode,
  upgradeHash,
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
  disableCodeRequired: 'Enter a code from your authenticator app or a recovery code',
  invalidCode: 'Invalid verification code',
  enabled: 'Two-factor authentication enabled',
  disabled: '2FA disabled successfully',
} as const;

/** A sealed secret opens only for its owner's row. */
const secretAad = (userId: string) => `passvault:totp-secret:${userId}`;

/** Spaces are allowed in what people type: apps show "123 456". */
const compact = (code: string) => code.replace(/\s/g, '');

function openSecret(ctx: AppContext, userId: string, sealed: string): string {
  const secret = openWithServerKey(ctx.serverKey, sealed, secretAad(userId));
  // Not the client's fault: a 500 whose text is hidden.
  if (secret === null) throw new Error('A two-factor secret could not be decrypted with the server key');
  return secret;
}

/** Books a two-factor code check: 5 wrong in 5 minutes, 30 in a day (then the account is alerted). */
function beginCodeAttempt(ctx: AppContext, userId: string) {
  const key = `two-factor-code:${userId}`;
  return beginAttempt(
    ctx,
    key,
    [LIMITS.twoFactorCodes, LIMITS.twoFactorCodesDaily],
    { message: 'Too many incorrect codes.' },
    async (rule) => {
      if (rule === LIMITS.twoFactorCodesDaily && (await firstTimeToday(ctx, key))) {
        void sendSecurityAlert(ctx, userId, 'many-wrong-codes');
      }
    },
  );
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
  const sealed = sealWithServerKey(ctx.serverKey, secret, secretAad(userId));
  await repo.setPendingSecret(ctx.db, userId, sealed);
  const url = otpauthUrl(account.email, secret);
  return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
}

/**
 * Turns two-factor on with a current code of the pending secret and answers the recovery codes, once.
 * Every other session ends: whoever signed in without the second factor must now sign in with it.
 */
export async function confirmSetup(ctx: AppContext, auth: AuthInfo, otp: string): Promise<string[]> {
  const { userId } = auth;
  const code = compact(otp);
  if (!code) throw badRequest(MESSAGES.codeRequired);
  const account = await signedInAccount(ctx, userId);
  if (account.two_factor_enabled) throw badRequest(MESSAGES.alreadyEnabled);
  const pending = (await repo.findTwoFactor(ctx.db, userId))?.pending_secret_enc;
  if (!pending) throw badRequest(MESSAGES.setupNotStarted);

  const attempt = await beginCodeAttempt(ctx, userId);
  const step = matchTotp(openSecret(ctx, userId, pending), code, ctx.now());
  if (step === null) throw badRequest(MESSAGES.invalidCode);
  await attempt.succeeded();

  const codes = generateRecoveryCodes();
  const now = ctx.now();
  const activated = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.activatePendingSecret(trx, userId, pending, step))) return false;
    await setTwoFactorEnabled(trx, userId, true, now);
    await repo.replaceRecoveryCodes(trx, userId, hashRecoveryCodes(ctx.serverKey, codes));
    await endOtherSessions(trx, userId, auth.sessionId, now);
    return true;
  });
  if (!activated) throw new HttpError(409, MESSAGES.setupChanged);
  return codes;
}

async function acceptTotp(ctx: AppContext, row: repo.TwoFactorRow, code: string): Promise<boolean> {
  if (!row.secret_enc) return false;
  const step = matchTotp(openSecret(ctx, row.user_id, row.secret_enc), code, ctx.now());
  // claimStep refuses a step at or before the last accepted one: each code works once, even in a race.
  return step !== null && repo.claimStep(ctx.db, row.user_id, step);
}

async function acceptRecoveryCode(ctx: AppContext, userId: string, typed: string): Promise<boolean> {
  const code = normaliseRecoveryCode(typed);
  if (!code) return false;
  const id = findRecoveryCode(ctx.serverKey, await repo.listUnusedRecoveryCodes(ctx.db, userId), code);
  return id !== null && repo.useRecoveryCode(ctx.db, id, ctx.now().toISOString());
}

/**
 * A second factor of the account: a 6-digit TOTP code, accepted once within ±1 step, or a recovery code,
 * accepted once ever. False when wrong or when two-factor is off; 429 once the account's wrong codes
 * reach the limit.
 */
export async function verifySecondFactor(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const typed = compact(code);
  if (!typed) return false;
  const account = await accountById(ctx.db, userId);
  const row = await repo.findTwoFactor(ctx.db, userId);
  if (!account?.two_factor_enabled || !row) return false;
  const attempt = await beginCodeAttempt(ctx, userId);
  const accepted = /^\d{6}$/.test(typed)
    ? await acceptTotp(ctx, row, typed)
    : await acceptRecoveryCode(ctx, userId, typed);
  if (accepted) await attempt.succeeded();
  return accepted;
}

/**
 * Turns two-factor off after the account password and a current second factor (an authenticator code
 * or a recovery code): a stolen session with the password alone cannot remove it. Secrets and recovery
 * codes are gone.
 */
export async function disable(
  ctx: AppContext,
  userId: string,
  password: string,
  code: string,
): Promise<void> {
  if (!password) throw badRequest(MESSAGES.passwordRequired);
  if (!compact(code)) throw badRequest(MESSAGES.disableCodeRequired);
  const account = await checkAccountPassword(ctx, userId, password);
  if (!account.two_factor_enabled) throw badRequest(MESSAGES.notEnabled);
  if (!(await verifySecondFactor(ctx, userId, code))) throw badRequest(MESSAGES.invalidCode);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteTwoFactor(trx, userId);
    await setTwoFactorEnabled(trx, userId, false, now);
  });
}

/** The administrator turns two-factor off (a lost authenticator); whether it was on. */
export async function resetByOperator(ctx: AppContext, userId: string): Promise<boolean> {
  const account = await accountById(ctx.db, userId);
  if (!account?.two_factor_enabled) return false;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteTwoFactor(trx, userId);
    await setTwoFactorEnabled(trx, userId, false, ctx.now());
  });
  return true;
}

/** The account is deleted: its two-factor rows go in the deletion's transaction. */
export function deleteUserTwoFactor(trx: AppContext['db'], userId: string): Promise<void> {
  return repo.deleteTwoFactor(trx, userId);
}

/**
 * Start-up, when the server key changed hands (it used to live in the database): the TOTP secrets are
 * sealed again with the new key, in the caller's transaction.
 */
export async function resealSecrets(trx: AppContext['db'], from: Buffer, to: Buffer): Promise<void> {
  for (const row of await repo.listSealedSecrets(trx)) {
    const reseal = (sealed: string | null) => {
      if (!sealed) return null;
      const secret = openWithServerKey(from, sealed, secretAad(row.user_id));
      if (secret === null) {
        throw new Error(`The two-factor secret of user ${row.user_id} does not open with the old key`);
      }
      return sealWithServerKey(to, secret, secretAad(row.user_id));
    };
    await repo.setSealedSecrets(trx, row.user_id, reseal(row.secret_enc), reseal(row.pending_secret_enc));
  }
}

/** Start-up: recovery codes stored before the server key (salted SHA-256) get the keyed hash. */
export async function upgradeRecoveryCodeHashes(db: AppContext['db'], key: Buffer): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const legacy = await repo.listLegacyRecoveryCodes(trx);
    for (const row of legacy) await repo.setRecoveryCodeHash(trx, row.id, upgradeHash(key, row.code_hash));
    return legacy.length;
  });
}
