// A reload of a signed-in page used to wait for /auth/me, then the page's code, then its data. With a
// stored token, all three now start together (the code: signedInCode.ts): the page's queries find their
// answers in the RTK Query cache (npm run bench: first cards on /passwords).
import { prefetchDashboard } from '../features/dashboard';
import { prefetchPasswordsPage, prefetchTrashPage } from '../features/vault';
import { signedInPageOf } from './signedInCode';
import type { AppStore } from './store';

const pages: [string, (store: AppStore, search: string) => void][] = [
  ['/dashboard', (store) => store.dispatch(prefetchDashboard())],
  ['/passwords', (store, search) => store.dispatch(prefetchPasswordsPage(search))],
  ['/passwords/trash', (store) => store.dispatch(prefetchTrashPage())],
];

/** `search`: the address's query string (the Passwords page's health filter lives there). */
export function prefetchSignedInPage(store: AppStore, pathname: string, search = ''): void {
  signedInPageOf(pages, pathname)?.(store, search);
}
