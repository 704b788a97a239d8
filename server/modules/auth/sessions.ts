// Sessions: a random bearer token per sign-in, stored only as its SHA-256, revocable.
import { newId, newToken, sha256 } from '../../crypto/tokens';
import { SESSION_TTL_MS } from '../../plugins/authenticate';
import {
  insertSession,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
  updatePasswordHash,
  type Executor,
} from './auth.repository';

/** Opens a session for `userId`; the token is returned once and never stored. */
export async function createSession(db: Executor, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    id: newId(),
    user_id: userId,
    token_hash: sha256(token),
    created_at: now.toISOString(),
    last_used_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    revoked_at: null,
  });
  return token;
}

export function endSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  return revokeSession(db, sessionId, now.toISOString());
}

/** Signs the user out everywhere (password reset, password change, account deletion). */
export function endAllSessions(db: Executor, userId: string, now: Date): Promise<void> {
  return revokeUserSessions(db, userId, now.toISOString());
}

/** Signs the user out everywhere but the session that asked (a password change). */
export function endOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string,
  now: Date,
): Promise<void> {
  return revokeOtherSessions(db, userId, keepSessionId, now.toISOString());
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
