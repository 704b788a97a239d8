// The opt-in unlock window: after one right master password a session may use its vault for a few
// minutes without typing it again. The server seals the vault key under a random key made for this
// grant, stores only the sealed key (one per session) and hands the random key to the browser tab,
// which keeps it in memory and sends it with each vault request (X-Vault-Unlock). A copy of the
// database lacks the tab's key; the server's memory holds it only during a request that carries it.
import crypto from 'node:crypto';
import {
  UNLOCK_HEADER as HEADER,
  VAULT_LOCKED_MESSAGE,
  VAULT_LOCKED_REASON,
  type UnlockGrantAnswer,
  type UnlockWindowMinutes,
} from '../../../src/common/unlockWindow';
import type { AppContext } from '../../context';
import { open, seal } from '../../crypto/aead';
import { unauthorized } from '../../http/errors';
import type { AuthInfo } from '../auth/sessions';
import * as repo from './vault.repository';

/** Names the master password: the browser asks for it and keeps the session. */
export const VAULT_LOCKED = VAULT_LOCKED_MESSAGE;
export { VAULT_LOCKED_REASON };
/** The header a vault request carries its unlock key in, as Node names it. */
export const UNLOCK_HEADER = HEADER.toLowerCase();

const KEY_BYTES = 32;
const aadOf = (auth: AuthInfo) => `passvault:unlock-grant:${auth.userId}:${auth.sessionId}`;
const vaultLocked = () => unauthorized(VAULT_LOCKED, { reason: VAULT_LOCKED_REASON });

/** The tab's key (base64url) is shown once and never stored by the server. */
export type UnlockGrant = UnlockGrantAnswer;

/** Opens the session's window for `minutes` with an unlocked vault key (the caller wipes the key). */
export async function grantUnlock(
  ctx: AppContext,
  auth: AuthInfo,
  vaultKey: Buffer,
  minutes: UnlockWindowMinutes,
): Promise<UnlockGrant> {
  const now = ctx.now();
  const tabKey = crypto.randomBytes(KEY_BYTES);
  const expiresAt = new Date(now.getTime() + minutes * 60_000).toISOString();
  await repo.deleteExpiredUnlockGrants(ctx.db, now.toISOString());
  await repo.putUnlockGrant(ctx.db, {
    session_id: auth.sessionId,
    user_id: auth.userId,
    sealed_key: seal(tabKey, vaultKey, aadOf(auth)),
    expires_at: expiresAt,
  });
  const unlockKey = tabKey.toString('base64url');
  tabKey.fill(0);
  return { unlockKey, expiresAt };
}

/** The vault key of the session's open window; 401 'The vault is locked' when there is none. */
export async function openUnlockGrant(ctx: AppContext, auth: AuthInfo, unlockKey: string): Promise<Buffer> {
  const tabKey = Buffer.from(unlockKey, 'base64url');
  try {
    if (tabKey.length !== KEY_BYTES) throw vaultLocked();
    const row = await repo.findUnlockGrant(ctx.db, auth.sessionId);
    if (!row || row.user_id !== auth.userId || row.expires_at <= ctx.now().toISOString()) throw vaultLocked();
    const vaultKey = open(tabKey, row.sealed_key, aadOf(auth));
    if (!vaultKey) throw vaultLocked();
    return vaultKey;
  } finally {
    tabKey.fill(0);
  }
}

/** "Lock now": the session's window ends. */
export async function endUnlockGrant(ctx: AppContext, auth: AuthInfo): Promise<void> {
  await repo.deleteUnlockGrant(ctx.db, auth.sessionId);
}

/** The end of the session's window, if one is open. */
export async function unlockGrantStatus(ctx: AppContext, auth: AuthInfo): Promise<string | null> {
  const row = await repo.findUnlockGrant(ctx.db, auth.sessionId);
  return row && row.expires_at > ctx.now().toISOString() ? row.expires_at : null;
}
