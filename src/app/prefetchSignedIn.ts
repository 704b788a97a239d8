// A reload of a signed-in page used to wait for /auth/me, then the page's code, then its data. With a
// stored token, all three now start together: the lazy components find their modules ready and the
// page's queries find their answers in the RTK Query cache (npm run bench: first cards on /passwords).
import { prefetchDashboard } from '../features/dashboard';
import { loadSettingsPage } from '../features/settings';
import { prefetchPasswordsPage } from '../features/vault';
import type { AppStore } from './store';

const pages: [string, (store: AppStore) => void][] = [
  ['/dashboard', (store) => store.dispatch(prefetchDashboard())],
  ['/passwords', (store) => store.dispatch(prefetchPasswordsPage())],
  ['/settings', () => void Promise.all([import('./SettingsRoute'), loadSettingsPage()])],
];

export function prefetchSignedInPage(store: AppStore, pathname: string): void {
  void import('./layout/SignedInLayout');
  const page = pages.find(([path]) => pathname.replace(/\/$/, '').endsWith(path));
  page?.[1](store);
}
