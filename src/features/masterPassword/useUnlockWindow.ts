// The unlock window of issue 15 as screens see it: whether this tab's vault is unlocked, until when,
// and "Lock now". The key itself stays in shared/api/vaultUnlock.ts, out of React and Redux.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  forgetUnlockWindow,
  subscribeToUnlockWindow,
  unlockWindowEndsAt,
} from '../../shared/api/vaultUnlock';
import { announceUnlockWindowEnded } from '../../shared/api/otherTabs';
import { useAppDispatch } from '../../app/hooks';
import { masterPasswordApi } from './masterPasswordApi';

export interface UnlockWindow {
  /** When this tab's window ends (epoch ms), or null while every vault action asks. */
  endsAt: number | null;
  /** Forgets the key at once, then ends the window on the server (best effort); resolves with its words. */
  lock: () => Promise<string>;
}

export const VAULT_LOCKED_TEXT = 'Vault locked';

export function useUnlockWindow(): UnlockWindow {
  const dispatch = useAppDispatch();
  const endsAt = useSyncExternalStore(subscribeToUnlockWindow, unlockWindowEndsAt);
  const lock = useCallback(async () => {
    // This tab can no longer open the vault, whatever the network does: the server keeps only a key
    // sealed under the one just forgotten, and drops it when the window ends.
    forgetUnlockWindow();
    // The server ends every window of the session: the other tabs forget theirs and stop showing them.
    announceUnlockWindowEnded();
    try {
      const message = await dispatch(
        masterPasswordApi.endpoints.lockVault.initiate(undefined, { track: false }),
      ).unwrap();
      return message || VAULT_LOCKED_TEXT;
    } catch {
      return VAULT_LOCKED_TEXT;
    }
  }, [dispatch]);
  return { endsAt, lock };
}

/**
 * Calls `onClose` when this tab's unlock window closes: "Lock now", its end, the session's end. A screen
 * that shows what the window let it decrypt hides it then, as a locked vault should. `onClose` must be
 * stable (useCallback).
 */
export function useWhenUnlockWindowCloses(onClose: () => void): void {
  useEffect(() => {
    let open = unlockWindowEndsAt() !== null;
    const unsubscribe = subscribeToUnlockWindow(() => {
      const stillOpen = unlockWindowEndsAt() !== null;
      if (open && !stillOpen) onClose();
      open = stillOpen;
    });
    return () => {
      unsubscribe();
    };
  }, [onClose]);
}
