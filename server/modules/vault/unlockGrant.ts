// The opt-in unlock window: after one right master password a browser tab may use its vault for a few
// minutes without typing it again. The server seals the vault key under a random key made for this
// grant, stores only the sealed key, found by the random key's hash, and hands the random key to the
// tab, which keeps it in memory and sends it with each vault request (X-Vault-Unlock). Each tab that
// unlocks has a window of its own (a session keeps its newest few); "Lock now" ends them all. A copy of
// the database lacks the tabs' keys; the server's memory holds one only during a request that carries it.
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
/** Windows a session keeps open at once, one per tab: a new one beyond them ends the oldest. */
export const UNLOCK_GRANTS_PER_SESSION = 8;
/** A grant's id: the hash of its tab key, so that the id found in the table opens nothing. */
const grantIdOf = (tabKey: Buffer) => crypto.createHash('sha256').update(tabKey).digest('base64url');
const aadOf = (auth: AuthInfo, id: string) => `passvault:unlock-grant:${auth.userId}:${auth.sessionId}:${id}`;
const vaultLocked = () => unauthorized(VAULT_LOCKED, { reason: VAULT_LOCKED_REASON });

/** The tab's key (base64url) is shown once and never stored by the server. */
export type UnlockGrant = UnlockGrantAnswer;

/** Opens a window for `minutes` for the tab that asked, with an unlocked vault key (the caller wipes it). */
export async function grantUnlock(
  ctx: AppContext,
  auth: AuthInfo,
  vaultKey: Buffer,
  minutes: UnlockWindowMinutes,
): Promise<UnlockGrant> {
  const now = ctx.now();
  const tabKey = crypto.randomBytes(KEY_BYTES);
  const expiresAt = new Date(now.getTime() + minutes * 60_000).toISOString();
  const id = grantIdOf(tabKey);
  await repo.deleteExpiredUnlockGrants(ctx.db, now.toISOString());
  await repo.putUnlockGrant(
    ctx.db,
    {
      id,
      session_id: auth.sessionId,
      user_id: auth.userId,
      sealed_key: seal(tabKey, vaultKey, aadOf(auth, id)),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    },
    UNLOCK_GRANTS_PER_SESSION,
  );
  const unlockKey = tabKey.toString('base64url');
  tabKey.fill(0);
  return { unlockKey, expiresAt };
}

/**
 * The open grant of this session whose tab key `unlockKey` is, with its id; undefined for a key of no
 * open grant of the session. The decoded key is wiped once `use` is done with it.
 */
async function withOpenGrant<T>(
  ctx: AppContext,
  auth: AuthInfo,
  unlockKey: string,
  use: (grant: { id: string; row: repo.UnlockGrantRow; tabKey: Buffer } | undefined) => T,
): Promise<T> {
  const tabKey = Buffer.from(unlockKey, 'base64url');
  try {
    if (tabKey.length !== KEY_BYTES) return use(undefined);
    const id = grantIdOf(tabKey);
    const row = await repo.findUnlockGrant(ctx.db, id);
    const mine = row && row.session_id === auth.sessionId && row.user_id === auth.userId;
    const isOpen = mine && row.expires_at > ctx.now().toISOString();
    return use(isOpen ? { id, row, tabKey } : undefined);
  } finally {
    tabKey.fill(0);
  }
}

/** The vault key of the tab's open window; 401 'The vault is locked' when it has none. */
export function openUnlockGrant(ctx: AppContext, auth: AuthInfo, unlockKey: string): Promise<Buffer> {
  return withOpenGrant(ctx, auth, unlockKey, (grant) => {
    const vaultKey = grant && open(grant.tabKey, grant.row.sealed_key, aadOf(auth, grant.id));
    if (!vaultKey) throw vaultLocked();
    return vaultKey;
  });
}

/** "Lock now": every window of the session ends, in all its tabs. */
export async function endUnlockGrants(ctx: AppContext, auth: AuthInfo): Promise<void> {
  await repo.deleteSessionUnlockGrants(ctx.db, auth.sessionId);
}

/**
 * The end of the window of the tab whose key is given (null when it has none open), or without a key the
 * latest end of the session's open windows.
 */
export async function unlockGrantStatus(
  ctx: AppContext,
  auth: AuthInfo,
  unlockKey?: string,
): Promise<string | null> {
  if (unlockKey === undefined) {
    return repo.latestUnlockGrantEnd(ctx.db, auth.sessionId, ctx.now().toISOString());
  }
  return withOpenGrant(ctx, auth, unlockKey, (grant) => grant?.row.expires_at ?? null);
}
