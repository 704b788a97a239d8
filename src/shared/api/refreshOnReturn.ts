// A change made on another device (a phone, another browser) reaches no cache here: this tab learns of it
// only by asking. It asks when the person comes back to it, and when the network comes back:
// RTK Query then refetches the answers on screen (baseApi's refetchOnFocus and refetchOnReconnect);
// answers no screen uses are dropped. Tabs of this browser are told at once (otherTabs.ts).
import { setupListeners } from '@reduxjs/toolkit/query';

/**
 * How long the tab must have been hidden or out of focus before coming back refetches. A glance at
 * DevTools or the address bar costs no requests; a visit to another app or device does.
 */
export const AWAY_BEFORE_REFRESH_MS = 5000;

type Dispatch = Parameters<typeof setupListeners>[0];

/**
 * Starts listening; returns the stopper. RTK Query's default handler refetches on every focus event;
 * this one counts the time away first.
 */
export function refreshOnReturn(dispatch: Dispatch, now: () => number = () => Date.now()): () => void {
  return setupListeners(dispatch, (send, { onFocus, onFocusLost, onOnline, onOffline }) => {
    // A tab opened in the background has been away since it started.
    let awaySince: number | null = document.visibilityState === 'hidden' ? now() : null;

    const leave = () => {
      if (awaySince !== null) return;
      awaySince = now();
      send(onFocusLost());
    };
    // 'focus' and 'visibilitychange' both fire on the way back: the first one counts.
    const comeBack = () => {
      if (awaySince === null) return;
      const away = now() - awaySince;
      awaySince = null;
      // Offline, a refetch could only fail and take the list down: the way back online refetches.
      if (away >= AWAY_BEFORE_REFRESH_MS && navigator.onLine !== false) send(onFocus());
    };
    const visibilityChanged = () => (document.visibilityState === 'hidden' ? leave() : comeBack());
    const online = () => send(onOnline());
    const offline = () => send(onOffline());

    window.addEventListener('blur', leave);
    window.addEventListener('focus', comeBack);
    document.addEventListener('visibilitychange', visibilityChanged);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', comeBack);
      document.removeEventListener('visibilitychange', visibilityChanged);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}
