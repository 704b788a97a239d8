// The master password: every call that takes one goes through `unlockVault`. A wrong one is the failed
// unwrap of the vault key. Wrong ones are counted twice:
// - per session: at the SPEC's third in a row the server ends the session (the browser's "N attempts
//   remaining" is the count this answers, so both always agree);
// - per account: at the tenth in 24 hours, from any session or address, unlocking pauses for everyone,
//   the right password included (429), until the holder enters a code mailed to the account or a day
//   passes, and the account gets an alert. Signing in again does not reset either count; only a right
//   master password (or the mailed code) does.
import type { AppContext } from '../../context';
import { isBelowMasterKdf } from '../../crypto/argon';
import { newId } from '../../crypto/tokens';
import { unwrapVaultKey, wrapVaultKey, type WrappedVaultKey } from '../../crypto/vaultKey';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../http/errors';
import { LIMITS } from '../../security/limits';
import { checkMailedCode, sendMailedCode } from '../auth/mailedCodes';
import {
  clearMasterFailures,
  countMasterFailure,
  isSessionActive,
  masterAttemptsLeft,
  TOKEN_NOT_VALID,
  type AuthInfo,
} from '../auth/sessions';
import { accountById } from '../auth/accounts';
import { sendSecurityAlert } from '../user/securityAlerts';
import { masterUnlockMail } from './masterPassword.mails';
import { backfillHealth } from './healthBackfill';
import { openUnlockGrant } from './unlockGrant';
import type { VaultCredential } from './vaultCredential';
import * as repo from './vault.repository';

/** Names the master password: the client shows it and keeps the session. */
export const INVALID_MASTER_PASSWORD = 'Invalid master password';
/**
 * The session's last attempt was wrong: the server ended it. Names the master password, so the client
 * does not sign out at once on this answer: it shows the lockout and signs out 2 s later (SPEC section 4).
 */
export const MASTER_PASSWORD_SESSION_ENDED =
  'Too many wrong master passwords: this session has ended. Please sign in again.';
export const MASTER_PASSWORD_LOCKED =
  'Too many wrong master passwords for this account. Unlocking is paused: enter the code we e-mail you to go on.';
export const UNLOCK_NOT_PAUSED = 'Unlocking is not paused';
export const UNLOCK_CODE_SENT = 'We sent an unlock code to your e-mail address';
export const UNLOCKED = 'Unlocking is possible again';

export const REASONS = {
  sessionEnded: 'master-password-session-ended',
  locked: 'master-password-locked',
} as const;

const DAY_MS = LIMITS.masterPasswordDaily.windowMs;

function pausedUntil(lockedAt: string | null, now: Date): number | undefined {
  if (!lockedAt) return undefined;
  const until = Date.parse(lockedAt) + DAY_MS;
  return until > now.getTime() ? until : undefined;
}

function lockedError(until: number, now: Date) {
  return tooManyRequests(MASTER_PASSWORD_LOCKED, (until - now.getTime()) / 1000, { reason: REASONS.locked });
}

function wrapOf(row: repo.VaultKeyRow): WrappedVaultKey {
  return {
    vaultKeyWrapped: row.vault_key_wrapped,
    kdfSalt: row.kdf_salt,
    kdf: { memoryKib: row.kdf_memory_kib, iterations: row.kdf_iterations, parallelism: row.kdf_parallelism },
  };
}

export interface UnlockOptions {
  /** The client's address, for the alert mail. */
  ip?: string;
}

interface FailureOutcome {
  attemptsRemaining: number;
  /** This failure reached the account's daily cap. */
  paused: boolean;
}

/** Counts a wrong master password for the session and the account, in one transaction. */
async function countFailure(ctx: AppContext, auth: AuthInfo, now: Date): Promise<FailureOutcome> {
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockVaultKeyRow(trx, auth.userId);
    const attemptsRemaining = await countMasterFailure(trx, auth, now);
    // Rolls back: a request that queued behind the end of its session does not count.
    if (attemptsRemaining === undefined) throw unauthorized(TOKEN_NOT_VALID);
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    await repo.deleteMasterFailuresBefore(trx, auth.userId, dayAgo);
    await repo.insertMasterFailure(trx, newId(), auth.userId, now.toISOString());
    const failures = await repo.countMasterFailuresSince(trx, auth.userId, dayAgo);
    const paused = failures >= LIMITS.masterPasswordDaily.limit;
    if (paused) await repo.setMasterLocked(trx, auth.userId, now.toISOString());
    // Every open unlock window of the account ends with the pause; the session's own with its end.
    if (paused) await repo.deleteUserUnlockGrants(trx, auth.userId);
    else if (attemptsRemaining === 0) await repo.deleteSessionUnlockGrants(trx, auth.sessionId);
    return { attemptsRemaining, paused };
  });
}

/** A right master password: both counts start again, and an old wrap gets today's parameters. */
async function accepted(
  ctx: AppContext,
  auth: AuthInfo,
  masterPassword: string,
  vaultKey: Buffer,
  row: repo.VaultKeyRow,
): Promise<void> {
  await clearMasterFailures(ctx.db, auth);
  await repo.deleteMasterFailures(ctx.db, auth.userId);
  if (isBelowMasterKdf(wrapOf(row).kdf)) {
    const wrapped = await wrapVaultKey(auth.userId, masterPassword, vaultKey);
    await repo.updateVaultKeyWrap(ctx.db, auth.userId, wrapped);
  }
}

/**
 * The user's vault key when `masterPassword` is right. Otherwise: 401 'Invalid master password' with
 * the attempts the session has left; 401 naming the master password when that was the session's last
 * attempt (the session is over); 429 while the account's unlocking is paused. The caller should
 * `fill(0)` the key once done with it.
 */
export async function unlockVault(
  ctx: AppContext,
  auth: AuthInfo,
  credential: VaultCredential,
  options: UnlockOptions = {},
): Promise<Buffer> {
  // Inside an unlock window nothing is typed, so nothing is counted.
  if (typeof credential !== 'string') return openUnlockGrant(ctx, auth, credential.unlockKey);
  const masterPassword = credential;
  const now = ctx.now();
  const row = await repo.findVaultKey(ctx.db, auth.userId);
  if (!row || !(await isSessionActive(ctx.db, auth, now))) throw unauthorized(TOKEN_NOT_VALID);
  const paused = pausedUntil(row.master_locked_at, now);
  if (paused) throw lockedError(paused, now);
  // Argon2id; may wait in the queue (or be refused with 503 when the queue is full).
  const vaultKey = await unwrapVaultKey(auth.userId, masterPassword, wrapOf(row));
  if (vaultKey) {
    // Checked again after the derivation: a request that queued before its session ended must not
    // learn whether its guess was right.
    if (!(await isSessionActive(ctx.db, auth, ctx.now()))) {
      vaultKey.fill(0);
      throw unauthorized(TOKEN_NOT_VALID);
    }
    try {
      await accepted(ctx, auth, masterPassword, vaultKey, row);
      await backfillHealth(ctx.db, auth.userId, vaultKey);
    } catch (error) {
      vaultKey.fill(0);
      throw error;
    }
    return vaultKey;
  }
  const outcome = await countFailure(ctx, auth, now);
  if (outcome.paused) {
    void sendSecurityAlert(ctx, auth.userId, 'master-password-paused', { ip: options.ip });
  }
  if (outcome.attemptsRemaining === 0) {
    void sendSecurityAlert(ctx, auth.userId, 'master-password-lockout', { ip: options.ip });
    throw unauthorized(MASTER_PASSWORD_SESSION_ENDED, { reason: REASONS.sessionEnded, attemptsRemaining: 0 });
  }
  if (outcome.paused) throw lockedError(now.getTime() + DAY_MS, now);
  throw unauthorized(INVALID_MASTER_PASSWORD, { attemptsRemaining: outcome.attemptsRemaining });
}

/** Runs `work` with the unlocked vault key and wipes the key afterwards. */
export async function withVaultKey<T>(
  ctx: AppContext,
  auth: AuthInfo,
  credential: VaultCredential,
  work: (vaultKey: Buffer) => Promise<T>,
  options?: UnlockOptions,
): Promise<T> {
  const vaultKey = await unlockVault(ctx, auth, credential, options);
  try {
    return await work(vaultKey);
  } finally {
    vaultKey.fill(0);
  }
}

/**
 * Whether `candidate` is the user's master password, without counting anything: the rule that the
 * account password must differ from it. The callers limit how often it may be asked.
 */
export async function isMasterPassword(ctx: AppContext, userId: string, candidate: string): Promise<boolean> {
  const row = await repo.findVaultKey(ctx.db, userId);
  if (!row) return false;
  const vaultKey = await unwrapVaultKey(userId, candidate, wrapOf(row));
  vaultKey?.fill(0);
  return vaultKey !== null;
}

/** Wraps the same vault key under a new master password (new salt, today's parameters). */
export async function rewrapVaultKey(
  ctx: AppContext,
  userId: string,
  vaultKey: Buffer,
  newMasterPassword: string,
): Promise<void> {
  const wrapped = await wrapVaultKey(userId, newMasterPassword, vaultKey);
  await repo.updateVaultKeyWrap(ctx.db, userId, wrapped);
  // A new master password: windows opened with the old one end.
  await repo.deleteUserUnlockGrants(ctx.db, userId);
}

export interface MasterPasswordStatus {
  /** What the session has left of the SPEC's three attempts. */
  attemptsRemaining: number;
  /** Unlocking is paused for the account until this time (or the mailed code). */
  pausedUntil?: string;
}

export async function masterPasswordStatus(ctx: AppContext, auth: AuthInfo): Promise<MasterPasswordStatus> {
  const now = ctx.now();
  const [row, attemptsRemaining] = await Promise.all([
    repo.findVaultKey(ctx.db, auth.userId),
    masterAttemptsLeft(ctx.db, auth, now),
  ]);
  if (!row || attemptsRemaining === undefined) throw unauthorized(TOKEN_NOT_VALID);
  const paused = pausedUntil(row.master_locked_at, now);
  return paused ? { attemptsRemaining, pausedUntil: new Date(paused).toISOString() } : { attemptsRemaining };
}

async function accountEmail(ctx: AppContext, userId: string): Promise<string> {
  const user = await accountById(ctx.db, userId);
  if (!user) throw unauthorized(TOKEN_NOT_VALID);
  return user.email;
}

async function requirePaused(ctx: AppContext, userId: string): Promise<void> {
  const row = await repo.findVaultKey(ctx.db, userId);
  if (!row) throw unauthorized(TOKEN_NOT_VALID);
  if (!pausedUntil(row.master_locked_at, ctx.now())) throw conflict(UNLOCK_NOT_PAUSED);
}

/** Mails the account a code that lifts the pause (60 s between mails, hourly and daily caps). */
export async function sendUnlockCode(ctx: AppContext, auth: AuthInfo): Promise<void> {
  await requirePaused(ctx, auth.userId);
  const email = await accountEmail(ctx, auth.userId);
  await sendMailedCode(ctx, { email, purpose: 'master-unlock' }, (code) => masterUnlockMail(email, code));
}

/** The mailed code lifts the pause and forgets the account's wrong master passwords. */
export async function unlockWithCode(ctx: AppContext, auth: AuthInfo, otp: string): Promise<void> {
  if (!otp.trim()) throw badRequest('Unlock code is required');
  await requirePaused(ctx, auth.userId);
  const email = await accountEmail(ctx, auth.userId);
  await checkMailedCode(ctx, { email, purpose: 'master-unlock' }, otp.trim(), async (trx) => {
    await repo.setMasterLocked(trx, auth.userId, null);
    await repo.deleteMasterFailures(trx, auth.userId);
    await clearMasterFailures(trx, auth);
  });
}
