// Sessions: a random bearer token per sign-in, stored only as its SHA-256, revocable. A session lasts at
// most 30 days from the sign-in, and ends sooner when it is idle for longer than the user's auto-logout
// minutes (the browser keeps it alive while the person is active): a stolen token stops working when the
// owner's browser would have signed out. The auth module owns the sessions table; other modules use
// these functions.
import { MAX_MASTER_PASSWORD_ATTEMPTS } from '../../../src/common/constants';
import { newId, newToken, sha256 } from '../../crypto/tokens';
import { unauthorized } from '../../http/errors';
import { endSessionUnlockWindows, endUserUnlockWindows } from '../vault/vaultAccount';
import {
  findActiveSession,
  findSessionByTokenHash,
  incrementSessionMasterFailures,
  insertSession,
  resetSessionMasterFailures,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
  updatePasswordHash,
  updateSessionsIdleMinutes,
  type Executor,
} from './auth.repository';

/** The absolute lifetime of a session, from its sign-in. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** How often a session's last use is written (it is what the idle limit reads). */
export const TOUCH_EVERY_MS = 60 * 1000;
/** Added to the idle limit: the last use is written at most once a minute. */
export const IDLE_GRACE_MS = 2 * TOUCH_EVERY_MS;

export const TOKEN_MISSING = 'Access denied. No token provided.';
export const TOKEN_NOT_VALID = 'Token is not valid';
export const TOKEN_EXPIRED = 'Token has expired';
export const TOKEN_IDLE = 'Token has expired after inactivity';

/** Who a request is: the user and the session its token belongs to. */
export interface AuthInfo {
  userId: string;
  sessionId: string;
}

/**
 * Opens a session for `userId` that ends after `idleMinutes` without use (the user's auto-logout
 * preference); the token is returned once and never stored.
 */
export async function createSession(
  db: Executor,
  userId: string,
  now: Date,
  idleMinutes: number,
): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    id: newId(),
    user_id: userId,
    token_hash: sha256(token),
    created_at: now.toISOString(),
    last_used_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_MAX_AGE_MS).toISOString(),
    revoked_at: null,
    idle_minutes: idleMinutes,
  });
  return token;
}

/** The user's auto-logout preference changed: every session of theirs follows it. */
export function setIdleLimit(db: Executor, userId: string, minutes: number): Promise<void> {
  return updateSessionsIdleMinutes(db, userId, minutes);
}

/**
 * The session of a bearer token, or 401 with a message that says "Token" (the client signs out on it).
 * An idle session is ended here, so a later request with the token cannot revive it.
 */
export async function validateSession(db: Executor, token: string, now: Date): Promise<AuthInfo> {
  const session = await findSessionByTokenHash(db, sha256(token));
  if (!session || session.revoked_at) throw unauthorized(TOKEN_NOT_VALID);
  const nowMs = now.getTime();
  const endsAt = Math.min(
    Date.parse(session.expires_at),
    Date.parse(session.created_at) + SESSION_MAX_AGE_MS,
  );
  if (endsAt <= nowMs) throw unauthorized(TOKEN_EXPIRED);
  const idleMs = nowMs - Date.parse(session.last_used_at);
  if (idleMs > session.idle_minutes * 60_000 + IDLE_GRACE_MS) {
    await revokeSession(db, session.id, now.toISOString());
    throw unauthorized(TOKEN_IDLE);
  }
  if (idleMs >= TOUCH_EVERY_MS) await touchSession(db, session.id, now.toISOString());
  return { userId: session.user_id, sessionId: session.id };
}

/** Records activity now (the browser's heartbeat while the person is active). */
export function keepSessionAlive(db: Executor, sessionId: string, now: Date): Promise<void> {
  return touchSession(db, sessionId, now.toISOString());
}

// Signing out ends the unlock windows of the sessions' tabs too (two statements: run them in a
// transaction).

/** Signs one session out (logout). */
export async function endSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await revokeSession(db, sessionId, now.toISOString());
  await endSessionUnlockWindows(db, sessionId);
}

/** Signs the user out everywhere (password reset, account deletion). */
export async function endAllSessions(db: Executor, userId: string, now: Date): Promise<void> {
  await revokeUserSessions(db, userId, now.toISOString());
  await endUserUnlockWindows(db, userId);
}

/** Signs the user out everywhere but the session that asked (a password change, two-factor turned on). */
export async function endOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string,
  now: Date,
): Promise<void> {
  await revokeOtherSessions(db, userId, keepSessionId, now.toISOString());
  await endUserUnlockWindows(db, userId, keepSessionId);
}

export async function isSessionActive(db: Executor, auth: AuthInfo, now: Date): Promise<boolean> {
  return (await findActiveSession(db, auth.userId, auth.sessionId, now.toISOString())) !== undefined;
}

/** Master-password attempts the session has left (the SPEC's three), or undefined when it has ended. */
export async function masterAttemptsLeft(
  db: Executor,
  auth: AuthInfo,
  now: Date,
): Promise<number | undefined> {
  const session = await findActiveSession(db, auth.userId, auth.sessionId, now.toISOString());
  return session && Math.max(0, MAX_MASTER_PASSWORD_ATTEMPTS - Number(session.master_failures));
}

/**
 * Counts a wrong master password in the session (run in the transaction that acts on it: the row stays
 * locked) and answers the attempts left; at none left the session is ended. Undefined: the session ended.
 */
export async function countMasterFailure(
  trx: Executor,
  auth: AuthInfo,
  now: Date,
): Promise<number | undefined> {
  const failures = await incrementSessionMasterFailures(trx, auth.userId, auth.sessionId, now.toISOString());
  if (failures === undefined) return undefined;
  const left = Math.max(0, MAX_MASTER_PASSWORD_ATTEMPTS - failures);
  if (left === 0) await revokeSession(trx, auth.sessionId, now.toISOString());
  return left;
}

/** A right master password: the session's count of wrong ones starts again. */
export function clearMasterFailures(db: Executor, auth: AuthInfo): Promise<void> {
  return resetSessionMasterFailures(db, auth.sessionId);
}

/** Stores a new account password hash (reset or change). */
export function setPasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  return updatePasswordHash(db, userId, passwordHash, now.toISOString());
}
