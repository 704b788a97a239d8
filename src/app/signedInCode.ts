// The app's own signed-in code, each a chunk of its own (kept out of a cold /login), and the hold on a
// signed-in reload's first paint.
//
// A reload shows the layout, the top bar's lock button and the page in one go, once their code and the
// page's first data are here (prefetchSignedIn.ts starts both with the session check): the loading
// spinner holds until then, so no Suspense fallback is committed on the way. A fallback would cost more
// than the wait: React 19 holds back Suspense content that resolves after a fallback until 300 ms after
// that fallback appeared, and a reload's page came ~400 ms after its top bar although its code and
// data were there (npm run bench: first cards, the dashboard's first entry).
import { useSyncExternalStore } from 'react';
import { lazyWithPreload } from '../shared/ui/lazyWithPreload';

export const SignedInLayout = lazyWithPreload(() => import('./layout/SignedInLayout'));
export const SettingsRoute = lazyWithPreload(() => import('./SettingsRoute'));
/** Signed in only, and with a tooltip that brings MUI's popper along. */
export const LockNowButton = lazyWithPreload(() => import('./topbar/LockNowButton'));

/** Holds under way (bootstrap places one; a count keeps any other from ending the wait early). */
let holds = 0;
const listeners = new Set<() => void>();

function changeHolds(by: number) {
  holds += by;
  listeners.forEach((listener) => listener());
}

/**
 * Holds the first signed-in paint until the layout and the lock button have loaded and `page` (the
 * page's code and data) has settled; anything that failed shows as the page's own error then.
 */
export function holdSignedInPaint(page: Promise<unknown>): Promise<void> {
  changeHolds(1);
  return Promise.allSettled([SignedInLayout.load(), LockNowButton.load(), page]).then(() => changeHolds(-1));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSignedInPaintHeld(): boolean {
  return useSyncExternalStore(subscribe, () => holds > 0);
}
