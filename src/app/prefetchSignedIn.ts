// A reload of a signed-in page used to wait for /auth/me, then the page's code, then its data. With a
// stored token, all three now start together: the page's queries find their answers in the RTK Query
// cache, and the first paint waits for the page's code and data (signedInCode.ts), though not for
// slow data: a list that takes long shows its skeletons (npm run bench: first cards on /passwords).
import { prefetchDashboard } from '../features/dashboard';
import { prefetchPasswordsPage, prefetchTrashPage } from '../features/vault';
import type { PagePrefetch } from '../shared/api/pagePrefetch';
import { SettingsRoute } from './signedInCode';
import type { AppStore } from './store';

/** How long the first paint waits for a page's data once its code is here. */
export const DATA_WAIT_MS = 1000;

const pages: [string, (store: AppStore, search: string) => PagePrefetch][] = [
  ['/dashboard', (store) => store.dispatch(prefetchDashboard())],
  ['/passwords', (store, search) => store.dispatch(prefetchPasswordsPage(search))],
  ['/passwords/trash', (store) => store.dispatch(prefetchTrashPage())],
  // The route's chunk holds the settings feature's index: the page is loaded from there.
  [
    '/settings',
    () => ({
      code: SettingsRoute.load().then((route) => route.loadSettingsPage()),
      data: Promise.resolve(),
    }),
  ],
];

const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    () => undefined,
  );

/**
 * Prefetches the signed-in page at `pathname` (under any base path; `search` is its query string, where
 * the Passwords page's health filter lives); answers when its code is here and its data too, or
 * DATA_WAIT_MS after the code.
 */
export function prefetchSignedInPage(store: AppStore, pathname: string, search = ''): Promise<void> {
  const path = pathname.replace(/\/$/, '');
  const prefetch = pages.find(([page]) => path.endsWith(page))?.[1];
  if (!prefetch) return Promise.resolve();
  const { code, data } = prefetch(store, search);
  const codeHere = settled(code);
  const dataWait = codeHere.then(() => new Promise<void>((resolve) => setTimeout(resolve, DATA_WAIT_MS)));
  return Promise.all([codeHere, Promise.race([settled(data), dataWait])]).then(() => undefined);
}
