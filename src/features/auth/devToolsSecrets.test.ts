// Redux DevTools never sees a password, an OTP or a token, and neither does the store's state:
// a login and a registration verification run through the real store with only fetch mocked.
import { devTools } from '../../test/fakeDevTools';
import { selectCurrentUser } from './currentUserApi';
import { baseApi } from '../../shared/api/baseApi';
import { currentUserApi } from './currentUserApi';
import { getStoredToken } from '../../shared/api/tokenStorage';
import { authApi } from './authApi';
import { mockApi } from '../../test/mockApi';
import { TEST_USER } from '../../test/renderApp';
import { setupStore } from '../../app/store';

const PASSWORD = 'Sup3r$ecretPassw0rd';
const OTP = '493817';
const TOKEN = 'tok_9f8e7d6c5b4a39281706';

function serialised(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Headers ? [...inner.entries()] : inner,
  );
}

beforeEach(() => devTools.clear());

test('the store is created with the DevTools sanitizers', () => {
  setupStore();
  expect(devTools.options?.actionSanitizer).toEqual(expect.any(Function));
  expect(devTools.options?.stateSanitizer).toEqual(expect.any(Function));
});

test('a login shows DevTools no password and no token, and the store keeps neither', async () => {
  const { calls } = mockApi({
    'POST /auth/login': {
      body: { success: true, message: 'Login successful', data: { user: TEST_USER, token: TOKEN } },
    },
    'GET /auth/me': { body: { success: true, data: { user: TEST_USER } } },
  });
  const store = setupStore();
  const result = await store
    .dispatch(
      authApi.endpoints.login.initiate({ email: TEST_USER.email, password: PASSWORD }, { track: false }),
    )
    .unwrap();
  // A later authenticated call sends the token as the bearer header, so it did exist on the way.
  await store
    .dispatch(
      currentUserApi.endpoints.currentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
    )
    .unwrap();

  expect(result).toEqual({ requiresTwoFactor: false, message: 'Login successful', user: TEST_USER });
  expect(getStoredToken()).toBe(TOKEN);
  expect(calls[1].headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  expect(selectCurrentUser(store.getState())).toEqual(TEST_USER);

  // Without the sanitizers the password would be visible: the check below can fail.
  expect(serialised(devTools.raw)).toContain(PASSWORD);
  const shown = serialised(devTools.shown);
  expect(shown).toContain('auth'); // it did record the session
  expect(shown).not.toContain(PASSWORD);
  expect(shown).not.toContain(TOKEN);
  const state = serialised(store.getState());
  expect(state).not.toContain(PASSWORD);
  expect(state).not.toContain(TOKEN);
  store.dispatch(baseApi.util.resetApiState());
});

test('verifying a registration shows DevTools no code and no token, and the store keeps neither', async () => {
  mockApi({
    'POST /auth/verify-registration-otp': ({ body }) =>
      (body as { otp: string }).otp === OTP
        ? {
            status: 201,
            body: { success: true, message: 'Registration completed', user: TEST_USER, token: TOKEN },
          }
        : { status: 400, body: { message: 'Invalid or expired OTP' } },
  });
  const store = setupStore();
  await store
    .dispatch(
      authApi.endpoints.verifyRegistrationOtp.initiate(
        { email: TEST_USER.email, otp: OTP, registrationId: 'handle-of-this-browser' },
        { track: false },
      ),
    )
    .unwrap();

  expect(getStoredToken()).toBe(TOKEN);
  expect(store.getState().auth.isAuthenticated).toBe(true);
  expect(serialised(devTools.raw)).toContain(OTP);
  const shown = serialised(devTools.shown);
  expect(shown).not.toContain(OTP);
  expect(shown).not.toContain(TOKEN);
  const state = serialised(store.getState());
  expect(state).not.toContain(OTP);
  expect(state).not.toContain(TOKEN);
});

test('a registration shows DevTools neither of its two passwords', async () => {
  mockApi({ 'POST /auth/register': { status: 201, body: { success: true, message: 'sent', email: 'b@c' } } });
  const store = setupStore();
  const master = 'M4ster$Vault!Key';
  await store
    .dispatch(
      authApi.endpoints.register.initiate(
        { firstName: 'Bo', lastName: 'Ng', email: 'b@c', password: PASSWORD, masterPassword: master },
        { track: false },
      ),
    )
    .unwrap();
  const shown = serialised(devTools.shown);
  expect(shown).not.toContain(PASSWORD);
  expect(shown).not.toContain(master);
  expect(serialised(store.getState())).not.toContain(master);
});
