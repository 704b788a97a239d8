// The opt-in unlock window (Settings > Security), shared by the browser and the server.

/** How long one master password unlocks the vault in a tab, in minutes; 0: every time (the SPEC's way). */
export const UNLOCK_WINDOW_OPTIONS = [0, 1, 5, 15] as const;
export type UnlockWindowChoice = (typeof UNLOCK_WINDOW_OPTIONS)[number];
export type UnlockWindowMinutes = Exclude<UnlockWindowChoice, 0>;
export const UNLOCK_WINDOW_MINUTES: readonly UnlockWindowMinutes[] = [1, 5, 15];

/** The request header a vault request carries the tab's unlock key in (instead of a master password). */
export const UNLOCK_HEADER = 'X-Vault-Unlock';

/** What POST /auth/unlock answers: the tab's key (kept in memory only) and when the window ends. */
export interface UnlockGrantAnswer {
  unlockKey: string;
  expiresAt: string;
}

/** What a vault request answers (401) when the tab's window has ended: the browser asks again. */
export const VAULT_LOCKED_MESSAGE = 'The vault is locked: enter your master password';
export const VAULT_LOCKED_REASON = 'vault-locked';
