// Idle detection shared by every tab of the app: each tab records its last keyboard, pointer or touch
// activity in localStorage (at most once a second), and a tab signs out only when no tab has seen
// activity for the whole timeout. Date.now() and setTimeout only, so a test clock can drive it.
import { useEffect, useEffectEvent } from 'react';

export const LAST_ACTIVITY_KEY = 'lastActivity';
export const SHARE_INTERVAL_MS = 1000;
export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/** The latest activity any tab shared; never in the future (a clock set back must not keep us alive). */
export function readSharedActivity(): number {
  try {
    const value = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) ? Math.min(value, Date.now()) : 0;
  } catch {
    return 0;
  }
}

function shareActivity(at: number): void {
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Storage may be full or blocked: this tab still times out on its own activity.
  }
}

/** While the person is active, the server hears of it at most this often (its idle limit is >= 7 min). */
export const HEARTBEAT_EVERY_MS = 2 * 60_000;

/**
 * Calls `onIdle` once nothing happened in any tab for `timeoutMs`; while there is activity in this tab,
 * calls `onActive` at most every HEARTBEAT_EVERY_MS (the server's idle limit follows the browser's).
 */
export function useIdleTimeout(timeoutMs: number, onIdle: () => void, onActive?: () => void): void {
  const idle = useEffectEvent(onIdle);
  const active = useEffectEvent(() => onActive?.());

  useEffect(() => {
    let last = Date.now();
    let sharedAt = 0;
    let beatAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const record = () => {
      last = Date.now();
      if (last - beatAt >= HEARTBEAT_EVERY_MS) {
        beatAt = last;
        active();
      }
      if (last - sharedAt < SHARE_INTERVAL_MS) return;
      sharedAt = last;
      shareActivity(last);
    };
    // Sleeps until the earliest moment the timeout could be over, then looks again.
    const check = () => {
      const idleFor = Date.now() - Math.max(last, readSharedActivity());
      if (idleFor >= timeoutMs) idle();
      else timer = setTimeout(check, timeoutMs - idleFor);
    };

    record(); // Opening the app (or changing the timeout) counts as activity.
    timer = setTimeout(check, timeoutMs);
    const options = { capture: true, passive: true };
    ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, record, options));
    return () => {
      clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, record, options));
    };
  }, [timeoutMs]);
}
