// The code a signed-in reload renders first: the layout, the top bar's lock button and the page. Each is a
// chunk of its own (kept out of a cold /login). With a stored token, bootstrap starts loading them with the
// session check, and the app shows its loading spinner until both are done, so the first signed-in render
// has all of it and never commits a Suspense fallback. A fallback would cost more than the wait: React 19
// holds back Suspense content that resolves after a fallback until 300 ms after that fallback appeared
// (npm run bench: a warm reload's first cards came ~400 ms after the top bar, ~150 ms now).
import { useSyncExternalStore } from 'react';
import { DashboardPage } from '../features/dashboard';
import { PasswordsPage, TrashPage } from '../features/vault';
import { lazyWithPreload } from '../shared/ui/lazyWithPreload';

export const SignedInLayout = lazyWithPreload(() => import('./layout/SignedInLayout'));
export const SettingsRoute = lazyWithPreload(() => import('./SettingsRoute'));
/** Signed in only, and with a tooltip that brings MUI's popper along. */
export const LockNowButton = lazyWithPreload(() => import('./topbar/LockNowButton'));

/** Each signed-in path's page code. */
const PAGE_CODE: [string, () => Promise<unknown>][] = [
  ['/dashboard', DashboardPage.load],
  ['/passwords/trash', TrashPage.load],
  ['/passwords', PasswordsPage.load],
  // The route's chunk holds the settings feature's index: the page is loaded from there.
  ['/settings', () => SettingsRoute.load().then((route) => route.loadSettingsPage())],
];

/** The page of an address (under any base path), if it is a signed-in one. */
export function signedInPageOf<T>(pages: [string, T][], pathname: string): T | undefined {
  const path = pathname.replace(/\/$/, '');
  return pages.find(([page]) => path.endsWith(page))?.[1];
}

/** Loads under way (bootstrap starts one; a count keeps any other from ending the wait early). */
let pending = 0;
const listeners = new Set<() => void>();

function changePending(by: number) {
  pending += by;
  listeners.forEach((listener) => listener());
}

/**
 * Loads what the signed-in page at `pathname` renders first; until it has arrived (or failed: the page's
 * error screen says so then), useSignedInCodeLoading answers true.
 */
export function loadSignedInCode(pathname: string): Promise<void> {
  const page = signedInPageOf(PAGE_CODE, pathname);
  const all = Promise.allSettled([SignedInLayout.load(), LockNowButton.load(), page?.()]);
  changePending(1);
  return all.then(() => changePending(-1));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSignedInCodeLoading(): boolean {
  return useSyncExternalStore(subscribe, () => pending > 0);
}
