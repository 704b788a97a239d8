// A reload of a signed-in page used to wait for /auth/me, then the page's code, then its data. With a
// stored token, all three now start together: the lazy components find their modules ready and the
// page's queries find their answers in the RTK Query cache (npm run bench: first cards on /passwords).
import { vaultApi } from '../api/vaultApi';
import { DASHBOARD_RECENT_ENTRIES } from '../common/constants';
import { listQueryOf } from '../features/vault/vaultSlice';
import type { AppStore } from './store';

type Preload = (store: AppStore) => void;

const pages: [string, Preload][] = [
  [
    '/dashboard',
    (store) => {
      void import('../features/dashboard/DashboardPage');
      store.dispatch(vaultApi.util.prefetch('getPasswordStats', undefined, {}));
      store.dispatch(vaultApi.util.prefetch('getPasswords', { limit: DASHBOARD_RECENT_ENTRIES }, {}));
    },
  ],
  [
    '/passwords',
    (store) => {
      void import('../features/vault/PasswordsPage');
      store.dispatch(vaultApi.util.prefetch('getPasswords', listQueryOf(store.getState().vault), {}));
    },
  ],
  ['/settings', () => void import('./SettingsRoute')],
];

export function prefetchSignedInPage(store: AppStore, pathname: string): void {
  void import('./layout/SignedInLayout');
  const page = pages.find(([path]) => pathname.replace(/\/$/, '').endsWith(path));
  page?.[1](store);
}
