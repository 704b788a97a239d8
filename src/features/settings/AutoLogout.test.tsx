import { act, fireEvent, screen } from '@testing-library/react';
import { useAppSelector } from '../../app/hooks';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AutoLogout } from './AutoLogout';
import { installFakeAccount, type FakeAccount } from '../../test/fakeAccountServer';
import { signedInStore } from '../../test/renderSettings';
import { settingsApi } from './settingsApi';
import { LAST_ACTIVITY_KEY } from './useIdleTimeout';

const MINUTE = 60_000;
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

let account: FakeAccount;

/** As in the app: mounted in the signed-in layout, which goes away with the session. */
function SignedInLayout() {
  const signedIn = useAppSelector((state) => state.auth.isAuthenticated);
  return signedIn ? <AutoLogout /> : null;
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  account = installFakeAccount({ settings: { autoLogout: 15 } });
});
afterEach(() => jest.useRealTimers());

async function mount() {
  const store = signedInStore();
  const view = renderWithProviders(<SignedInLayout />, { path: '/dashboard', store });
  // The settings arrive, and the re-render with their timeout follows a frame later.
  await advance(100);
  expect(settingsApi.endpoints.getPreferences.select()(store.getState()).data?.autoLogout).toBe(15);
  const signedIn = () =>
    window.localStorage.getItem('token') !== null && store.getState().auth.isAuthenticated;
  return { ...view, signedIn };
}

test('after the chosen minutes without activity: token revoked, store cleared, a toast, /login', async () => {
  const { router, store, signedIn } = await mount();
  // Counted from the moment the 15 minutes took effect.
  const start = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
  await advance(start + 15 * MINUTE - 1000 - Date.now());
  expect(signedIn()).toBe(true);
  expect(account.count('POST /auth/logout')).toBe(0);

  await advance(1000);
  expect(account.count('POST /auth/logout')).toBe(1);
  expect(signedIn()).toBe(false);
  expect(store.getState().api.queries).toEqual({});
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.getByText('You were signed out after 15 minutes of inactivity.')).toBeInTheDocument();
});

test.each([
  ['a key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
  ['a click', () => fireEvent.pointerDown(document.body)],
  ['a pointer move', () => fireEvent.pointerMove(document.body)],
  ['a touch', () => fireEvent.touchStart(document.body)],
])('%s starts the wait again', async (_name, act) => {
  const { signedIn } = await mount();
  await advance(10 * MINUTE);
  act();
  await advance(14 * MINUTE);
  expect(signedIn()).toBe(true);
  await advance(MINUTE);
  expect(signedIn()).toBe(false);
});

test('shares its activity with the other tabs, at most once a second', async () => {
  await mount();
  const setItem = jest.spyOn(Storage.prototype, 'setItem');
  await advance(5000);
  setItem.mockClear();
  fireEvent.keyDown(document.body, { key: 'a' });
  const first = Date.now();
  expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(first));
  await advance(400);
  fireEvent.keyDown(document.body, { key: 'b' });
  fireEvent.pointerMove(document.body);
  expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(first));
  await advance(600);
  fireEvent.pointerMove(document.body);
  expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now()));
  expect(setItem.mock.calls.filter(([key]) => key === LAST_ACTIVITY_KEY)).toHaveLength(2);
  setItem.mockRestore();
});

test("activity in another tab keeps this one alive (shared through localStorage's storage event)", async () => {
  const { signedIn } = await mount();
  await advance(10 * MINUTE);
  // What another tab of the app does when the user types there.
  const otherTabActivity = String(Date.now());
  window.localStorage.setItem(LAST_ACTIVITY_KEY, otherTabActivity);
  window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY, newValue: otherTabActivity }));
  await advance(14 * MINUTE);
  expect(signedIn()).toBe(true);
  await advance(MINUTE);
  expect(signedIn()).toBe(false);
});

test('a sign-out in another tab signs this tab out too', async () => {
  const { router, signedIn } = await mount();
  await advance(MINUTE);
  await act(async () => {
    window.localStorage.removeItem('token');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', oldValue: 'test-token', newValue: null }),
    );
    await jest.advanceTimersByTimeAsync(0);
  });
  expect(signedIn()).toBe(false);
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.getByText('You were signed out in another tab.')).toBeInTheDocument();
  // The other tab revoked the token already.
  expect(account.count('POST /auth/logout')).toBe(0);
});

test('a new Auto Logout choice applies at once', async () => {
  const { store, signedIn } = await mount();
  await advance(3 * MINUTE);
  const preferences = { emailNotifications: true, securityAlerts: true, autoLogout: 5 } as const;
  await act(() => store.dispatch(settingsApi.endpoints.updateSettings.initiate(preferences)).unwrap());
  await advance(100);
  const start = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
  await advance(start + 5 * MINUTE - 1000 - Date.now());
  expect(signedIn()).toBe(true);
  await advance(1000);
  expect(signedIn()).toBe(false);
  expect(screen.getByText('You were signed out after 5 minutes of inactivity.')).toBeInTheDocument();
});

test('a failed settings load falls back to 30 minutes', async () => {
  account.fail.set('GET /user/preferences', { status: 500, body: {} });
  const store = signedInStore();
  renderWithProviders(<SignedInLayout />, { path: '/dashboard', store });
  await advance(29 * MINUTE + 59_000);
  expect(store.getState().auth.isAuthenticated).toBe(true);
  await advance(1000);
  expect(store.getState().auth.isAuthenticated).toBe(false);
  expect(screen.getByText('You were signed out after 30 minutes of inactivity.')).toBeInTheDocument();
});

test('while the person is active, the server hears of it every two minutes, and not while idle', async () => {
  await mount();
  for (let minute = 0; minute < 10; minute += 1) {
    fireEvent.pointerMove(document.body);
    await advance(MINUTE);
  }
  // Activity at minutes 0..9: a heartbeat once two minutes have passed since the last one.
  expect(account.count('POST /auth/keep-alive')).toBe(4);
  await advance(10 * MINUTE);
  expect(account.count('POST /auth/keep-alive')).toBe(4);
});
