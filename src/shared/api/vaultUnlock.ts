// The opt-in unlock window (issue 15) as the transport sees it. After one right master password the
// server hands this tab a key that opens the vault for a few minutes; the key lives here, in this
// module's memory, and nowhere else: not in Redux, the RTK Query cache, storage or a URL. A reload,
// "Lock now", the end of the window and the end of the session forget it.
//
// Callers never see the key. While the window is open, a master-password prompt hands its caller
// WINDOW_CREDENTIAL instead of a master password, and the caller puts it in `masterPassword` as it
// always did; the base query (baseApi.ts) takes it out of the body and sends the key in the
// X-Vault-Unlock header. When the server says the vault is locked, the base query asks again through
// whoever registered with `askForVaultCredentialWith` (the master-password prompt) and retries once.
/**
 * What a prompt answers while the window is open, in place of the master password. It is not a secret
 * and cannot be a master password (nobody types U+0000); it only tells the base query to send the key.
 */
export const WINDOW_CREDENTIAL = '\u0000unlock-window';

/** The server's `reason` when a request's key no longer opens the vault (expired, locked, replaced). */
export { VAULT_LOCKED_MESSAGE, VAULT_LOCKED_REASON } from '../../common/unlockWindow';

interface Grant {
  key: string;
  /** Epoch ms by this browser's clock. */
  endsAt: number;
  timer: ReturnType<typeof setTimeout>;
}

let grant: Grant | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  listeners.forEach((listener) => listener());
}

/** Holds `key` until `endsAt` (epoch ms, this browser's clock); replaces any earlier key. */
export function openUnlockWindow(key: string, endsAt: number): void {
  if (grant) clearTimeout(grant.timer);
  const timer = setTimeout(() => forgetUnlockWindow(key), Math.max(0, endsAt - Date.now()));
  grant = { key, endsAt, timer };
  changed();
}

/** Forgets the key; with `onlyKey`, only if that is still the key held (a newer window stays). */
export function forgetUnlockWindow(onlyKey?: string): void {
  if (!grant || (onlyKey !== undefined && grant.key !== onlyKey)) return;
  clearTimeout(grant.timer);
  grant = null;
  changed();
}

/** The key while the window is open, else null (an ended window is forgotten on the way). */
export function currentUnlockKey(): string | null {
  if (grant && Date.now() >= grant.endsAt) forgetUnlockWindow();
  return grant?.key ?? null;
}

/** When the open window ends (epoch ms), or null: a `useSyncExternalStore` snapshot. */
export function unlockWindowEndsAt(): number | null {
  return grant?.endsAt ?? null;
}

export function subscribeToUnlockWindow(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves with what to send as the master password (it or WINDOW_CREDENTIAL), or null if cancelled. */
export type AskForVaultCredential = () => Promise<string | null>;

const askers: AskForVaultCredential[] = [];
let asking: Promise<string | null> | null = null;

/** Registers who can ask the person again (the newest mounted prompt wins); returns the unregister. */
export function askForVaultCredentialWith(ask: AskForVaultCredential): () => void {
  askers.push(ask);
  return () => {
    const index = askers.lastIndexOf(ask);
    if (index >= 0) askers.splice(index, 1);
  };
}

/**
 * Asks for the master password again after the window ended under a request. Requests that find the
 * vault locked together share one question, so one dialog answers them all; null when nobody can ask.
 */
export function askForVaultCredential(): Promise<string | null> {
  const ask = askers.at(-1);
  if (!ask) return Promise.resolve(null);
  asking ??= ask().finally(() => {
    asking = null;
  });
  return asking;
}
