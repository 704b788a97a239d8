// The master password: every call that takes one goes through `unlockVault`. A wrong one is the failed
// unwrap of the vault key; the server counts failures in a row per user and, at the limit, revokes every
// session of the user itself (the browser's own counter is only a convenience).
import { endAllSessions } from '../auth/sessions';
import { SERVER_MASTER_PASSWORD_FAILURES } from '../../../src/common/constants';
import type { AppContext } from '../../context';
import { unwrapVaultKey } from '../../crypto/vaultKey';
import { unauthorized } from '../../http/errors';
import type { AuthInfo } from '../../plugins/authenticate';
import * as repo from './passwords.repository';

/** Names the master password: the client shows it and keeps the session. */
export const INVALID_MASTER_PASSWORD = 'Invalid master password';
/** Does NOT name the master password and says "Token": the client signs out on it. */
export const MASTER_PASSWORD_LOCKOUT = 'Too many failed attempts. Token revoked, please sign in again.';
const TOKEN_NOT_VALID = 'Token is not valid';

/** What happened when the server ended a user's sessions after too many wrong master passwords. */
export interface MasterPasswordLockout {
  userId: string;
  /** The session whose request hit the limit. */
  sessionId: string;
  failures: number;
  at: Date;
}

export interface UnlockOptions {
  /**
   * Seam for the security-alert e-mail: called once after the lockout is committed. It must handle its
   * own errors; whatever it throws is swallowed so the client still gets the lockout answer.
   */
  onMasterPasswordLockout?: (lockout: MasterPasswordLockout) => void | Promise<void>;
}

/**
 * The user's vault key when `masterPassword` is right. Otherwise throws 401: 'Invalid master password',
 * or on the SERVER_MASTER_PASSWORD_FAILURES-th failure in a row the lockout (all sessions revoked).
 * A success resets the count. The caller should `fill(0)` the key once done with it.
 */
export async function unlockVault(
  ctx: AppContext,
  auth: AuthInfo,
  masterPassword: string,
  options: UnlockOptions = {},
): Promise<Buffer> {
  const { userId, sessionId } = auth;
  const wrapped = await repo.findVaultKeyOfActiveSession(ctx.db, userId, sessionId, ctx.now().toISOString());
  if (!wrapped) throw unauthorized(TOKEN_NOT_VALID);

  // Argon2id; may wait in the queue (or be refused with 503 when the queue is full).
  const vaultKey = await unwrapVaultKey(userId, masterPassword, {
    vaultKeyWrapped: wrapped.vault_key_wrapped,
    kdfSalt: wrapped.kdf_salt,
    kdf: {
      memoryKib: wrapped.kdf_memory_kib,
      iterations: wrapped.kdf_iterations,
      parallelism: wrapped.kdf_parallelism,
    },
  });

  // The session is checked again after the derivation: a request that queued before a lockout must not
  // learn whether its guess was right.
  if (vaultKey) {
    await repo.resetMasterFailures(ctx.db, userId);
    if (!(await repo.isSessionActive(ctx.db, userId, sessionId, ctx.now().toISOString()))) {
      vaultKey.fill(0);
      throw unauthorized(TOKEN_NOT_VALID);
    }
    return vaultKey;
  }

  const now = ctx.now();
  const failures = await ctx.db.transaction().execute(async (trx) => {
    // The increment comes first: it locks the user's row, so concurrent failures count one by one and
    // the session check below sees a lockout committed by any of them.
    const count = await repo.incrementMasterFailures(trx, userId);
    if (count === undefined || !(await repo.isSessionActive(trx, userId, sessionId, now.toISOString()))) {
      throw unauthorized(TOKEN_NOT_VALID); // rolls the increment back
    }
    if (count >= SERVER_MASTER_PASSWORD_FAILURES) {
      await endAllSessions(trx, userId, now);
      // The next session starts with a clean count.
      await repo.resetMasterFailures(trx, userId);
    }
    return count;
  });
  if (failures < SERVER_MASTER_PASSWORD_FAILURES) throw unauthorized(INVALID_MASTER_PASSWORD);

  try {
    if (options.onMasterPasswordLockout)
      await options.onMasterPasswordLockout({ userId, sessionId, failures, at: now });
    else ctx.securityEvents?.masterPasswordLockout(userId);
  } catch {
    // The lockout already happened; an alert that fails must not change the answer.
  }
  throw unauthorized(MASTER_PASSWORD_LOCKOUT);
}

/** Runs `work` with the unlocked vault key and wipes the key afterwards. */
export async function withVaultKey<T>(
  ctx: AppContext,
  auth: AuthInfo,
  masterPassword: string,
  work: (vaultKey: Buffer) => Promise<T>,
  options?: UnlockOptions,
): Promise<T> {
  const vaultKey = await unlockVault(ctx, auth, masterPassword, options);
  try {
    return await work(vaultKey);
  } finally {
    vaultKey.fill(0);
  }
}
