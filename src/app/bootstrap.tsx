import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { restoreSession } from '../features/auth';
import { applyThemeToDocument } from '../features/theme';
import { AppProviders } from './AppProviders';
import { baseApi } from '../shared/api/baseApi';
import { apiBaseUrl } from '../shared/api/basePath';
import { followOtherTabs } from '../shared/api/otherTabs';
import { getStoredToken } from '../shared/api/tokenStorage';
import { forgetUnlockWindow } from '../shared/api/vaultUnlock';
import { createAppRouter } from './routes';
import { holdSignedInPaint } from './signedInCode';
import { setupStore } from './store';

const store = setupStore();
// A change made in another tab of this browser refetches what it made stale here; "Lock now" there ends
// this tab's unlock window, which the server has ended already (otherTabs.ts).
followOtherTabs(
  apiBaseUrl(),
  store.dispatch,
  (tags) => baseApi.util.invalidateTags(tags),
  () => forgetUnlockWindow(),
);
// Paint the saved (or system) theme before React renders, so there is no flash of the other one.
applyThemeToDocument(store.getState().theme.mode);
// SPEC section 4: with a stored token, fetch the current user; until then only a spinner shows.
void store.dispatch(restoreSession());
// The page's queries and code, with a token only: kept out of a cold /login (the early requests of
// app/earlyRequests.ts are already on their way; these hand their answers to the cache).
if (getStoredToken()) {
  void holdSignedInPaint(
    import('./prefetchSignedIn').then(({ prefetchSignedInPage }) =>
      prefetchSignedInPage(store, window.location.pathname, window.location.search),
    ),
  );
}

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
