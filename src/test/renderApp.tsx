// Renders the real app (store, providers, routes) at a path, as the Redux docs' "Writing Tests" advise:
// a real store and real providers; only the network (global fetch) is mocked, through mockApi().
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { baseApi } from '../shared/api/baseApi';
import { setStoredToken } from '../shared/api/tokenStorage';
import { AppProviders } from '../app/AppProviders';
import { appRoutes } from '../app/routes';
import { setupStore, type AppStore, type RootState } from '../app/store';
import type { User } from '../common/wire';
import { currentUserSignedIn } from '../features/auth';
import { initialAuthState, restoreSession } from '../features/auth/authSlice';

export const TEST_USER: User = {
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  twoFactorEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const TEST_TOKEN = 'test-token-0123456789';

type Session = 'signedOut' | 'signedIn' | 'restore';

export interface RenderAppOptions {
  /** signedOut (default): determined, no user. signedIn: a stored token and a user. restore: run session start. */
  session?: Session;
  /** Router state of the first entry (the hand-over of an e-mail). */
  state?: unknown;
  user?: User;
  preloadedState?: Partial<RootState>;
  /** With jest's fake timers: `{ advanceTimers: jest.advanceTimersByTime }`. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

const stores: AppStore[] = [];
afterEach(() => {
  // Stop RTK Query's timers and subscriptions of every store a test made.
  stores.splice(0).forEach((store) => store.dispatch(baseApi.util.resetApiState()));
});

export function sessionState(session: Session): Partial<RootState> {
  if (session === 'restore') return {};
  if (session === 'signedIn') {
    setStoredToken(TEST_TOKEN);
    return { auth: { ...initialAuthState, isAuthenticated: true, loading: false } };
  }
  return { auth: { ...initialAuthState, loading: false } };
}

export function renderApp(path = '/', options: RenderAppOptions = {}) {
  const session = options.session ?? 'signedOut';
  const store = setupStore({ ...sessionState(session), ...options.preloadedState });
  stores.push(store);
  if (session === 'signedIn') store.dispatch(currentUserSignedIn(options.user ?? TEST_USER));
  if (session === 'restore') void store.dispatch(restoreSession());
  const [pathname, search = ''] = path.split('?');
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state: options.state }],
  });
  const user = userEvent.setup(options.userOptions);
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...view };
}
