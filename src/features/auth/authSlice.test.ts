import { baseApi, sessionEnded } from '../../shared/api/baseApi';
import { getStoredToken, setStoredToken } from '../../shared/api/tokenStorage';
import { setupStore } from '../../app/store';
import { mockApi } from '../../test/mockApi';
import { TEST_USER } from '../../test/renderApp';
import { authApi } from './authApi';
import { authErrorCleared, authSlice, initialAuthState, restoreSession } from './authSlice';
import { selectCurrentUser } from './currentUserApi';
import { endSession } from './session';

const reducer = authSlice.reducer;
const signedIn = { ...initialAuthState, isAuthenticated: true, loading: false };
const stores: ReturnType<typeof setupStore>[] = [];
function store() {
  const created = setupStore();
  stores.push(created);
  return created;
}
afterEach(() => stores.splice(0).forEach((s) => s.dispatch(baseApi.util.resetApiState())));

describe('auth reducer', () => {
  test('starts loading, signed out, without error', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual({
      isAuthenticated: false,
      loading: true,
      unreachable: false,
      error: null,
      endedByServer: false,
    });
  });

  test('sessionEnded signs out', () => {
    expect(reducer(signedIn, sessionEnded())).toEqual({ ...initialAuthState, loading: false });
  });

  test('a session the server ended is remembered for the login page until the next sign-in', () => {
    const ended = reducer(signedIn, sessionEnded('server'));
    expect(ended).toEqual({ ...initialAuthState, loading: false, endedByServer: true });
    // At start too: a stored token the server no longer takes.
    expect(reducer(initialAuthState, sessionEnded('server')).endedByServer).toBe(true);
    // A late 401 after a logout says nothing; a logout after one forgets it.
    const signedOut = reducer(signedIn, sessionEnded());
    expect(reducer(signedOut, sessionEnded('server')).endedByServer).toBe(false);
    expect(reducer(ended, sessionEnded()).endedByServer).toBe(false);
    expect(reducer(ended, restoreSession.fulfilled(TEST_USER, 'r')).endedByServer).toBe(false);
  });

  test('restoreSession: a user signs in, none ends loading signed out, a failure is unreachable', () => {
    expect(reducer(initialAuthState, restoreSession.fulfilled(TEST_USER, 'r'))).toEqual(signedIn);
    expect(reducer(initialAuthState, restoreSession.fulfilled(null, 'r'))).toEqual({
      ...initialAuthState,
      loading: false,
    });
    expect(reducer(initialAuthState, restoreSession.rejected(null, 'r', undefined, 'down'))).toEqual({
      ...initialAuthState,
      loading: false,
      unreachable: true,
    });
    // A retry starts loading again.
    expect(
      reducer({ ...initialAuthState, loading: false, unreachable: true }, restoreSession.pending('r2')),
    ).toEqual(initialAuthState);
  });

  test('authErrorCleared forgets the last error', () => {
    expect(reducer({ ...initialAuthState, error: 'x' }, authErrorCleared()).error).toBeNull();
  });
});

describe('session start (SPEC section 4)', () => {
  test('without a stored token, loading ends signed out and nothing is fetched', async () => {
    const { fetchMock } = mockApi({});
    const s = store();
    await s.dispatch(restoreSession());
    expect(s.getState().auth).toEqual({ ...initialAuthState, loading: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('with a stored token, the current user is fetched and signed in', async () => {
    setStoredToken('t1');
    const { calls } = mockApi({ 'GET /auth/me': { body: { success: true, data: { user: TEST_USER } } } });
    const s = store();
    await s.dispatch(restoreSession());
    expect(s.getState().auth).toEqual(signedIn);
    expect(selectCurrentUser(s.getState())).toEqual(TEST_USER);
    expect(calls[0].headers.get('authorization')).toBe('Bearer t1');
  });

  test('a 401 about the token (SPEC section 8) removes the token and signs out', async () => {
    setStoredToken('t1');
    mockApi({ 'GET /auth/me': { status: 401, body: { message: 'Token has expired' } } });
    const s = store();
    await s.dispatch(restoreSession());
    // The person did not sign out: the login page will say the session ended.
    expect(s.getState().auth).toEqual({ ...initialAuthState, loading: false, endedByServer: true });
    expect(getStoredToken()).toBeNull();
  });

  test.each([
    ['a 500', { status: 500, body: { message: 'Database down' } }],
    ['a 502 from the proxy', { status: 502, body: '<html>Bad Gateway</html>' }],
    ['a 401 that is not about the token', { status: 401, body: { message: 'Unauthorized' } }],
  ])('%s from /auth/me keeps the token: the session is unreachable, not over', async (_name, answer) => {
    setStoredToken('t1');
    mockApi({ 'GET /auth/me': answer as { status: number; body: object } });
    const s = store();
    await s.dispatch(restoreSession());
    expect(s.getState().auth).toEqual({ ...initialAuthState, loading: false, unreachable: true });
    expect(getStoredToken()).toBe('t1');
  });

  test('a network failure (or a reload that interrupts the request) keeps the token', async () => {
    setStoredToken('t1');
    const fetchMock = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    global.fetch = fetchMock as unknown as typeof fetch;
    const s = store();
    await s.dispatch(restoreSession());
    expect(s.getState().auth).toMatchObject({ loading: false, unreachable: true, isAuthenticated: false });
    expect(getStoredToken()).toBe('t1');
    // Retry, now reachable: signed in with the same token.
    const { calls } = mockApi({ 'GET /auth/me': { body: { success: true, data: { user: TEST_USER } } } });
    await s.dispatch(restoreSession());
    expect(s.getState().auth).toEqual(signedIn);
    expect(calls[0].headers.get('authorization')).toBe('Bearer t1');
  });
});

describe('login, registration and verification through the store', () => {
  test('login signs in and keeps the token out of the answer', async () => {
    mockApi({
      'POST /auth/login': { body: { success: true, message: 'ok', data: { user: TEST_USER, token: 'tk' } } },
    });
    const s = store();
    const result = await s
      .dispatch(authApi.endpoints.login.initiate({ email: 'a@b', password: 'p' }, { track: false }))
      .unwrap();
    expect(result).not.toHaveProperty('token');
    expect(getStoredToken()).toBe('tk');
    expect(s.getState().auth).toEqual(signedIn);
    // The answer's user is the current user at once: one copy, in the current-user cache entry.
    expect(selectCurrentUser(s.getState())).toEqual(TEST_USER);
  });

  test('the end of the session forgets the current user', async () => {
    mockApi({
      'POST /auth/login': { body: { success: true, message: 'ok', data: { user: TEST_USER, token: 'tk' } } },
      'POST /auth/logout': { body: { success: true } },
    });
    const s = store();
    await s.dispatch(authApi.endpoints.login.initiate({ email: 'a@b', password: 'p' }, { track: false }));
    await s.dispatch(endSession());
    expect(selectCurrentUser(s.getState())).toBeNull();
    expect(s.getState().auth.isAuthenticated).toBe(false);
  });

  test('a two-factor answer stays signed out and stores no token', async () => {
    mockApi({
      'POST /auth/login': { body: { success: true, requiresTwoFactor: true, message: 'Enter your code' } },
    });
    const s = store();
    const result = await s
      .dispatch(authApi.endpoints.login.initiate({ email: 'a@b', password: 'p' }, { track: false }))
      .unwrap();
    expect(result).toEqual({ requiresTwoFactor: true, message: 'Enter your code' });
    expect(getStoredToken()).toBeNull();
    expect(s.getState().auth.isAuthenticated).toBe(false);
  });

  test('an answer without user or token fails with "Invalid response from server"', async () => {
    mockApi({
      'POST /auth/verify-registration-otp': { status: 201, body: { success: true, user: TEST_USER } },
    });
    const s = store();
    const request = s.dispatch(
      authApi.endpoints.verifyRegistrationOtp.initiate(
        { email: 'a@b', otp: '123456', registrationId: 'h' },
        { track: false },
      ),
    );
    await expect(request.unwrap()).rejects.toEqual({
      status: 'CUSTOM_ERROR',
      message: 'Invalid response from server',
    });
    expect(getStoredToken()).toBeNull();
    expect(s.getState().auth.error).toBe('Invalid response from server');
  });

  test('a registration failure is stored as the auth error, and a new attempt clears it', async () => {
    let exists = true;
    mockApi({
      'POST /auth/register': () =>
        exists
          ? { status: 409, body: { message: 'User with this email already exists' } }
          : { status: 201, body: { success: true, message: '', email: '' } },
    });
    const s = store();
    const registration = {
      firstName: 'Ab',
      lastName: 'Cd',
      email: 'a@b',
      password: 'p',
      masterPassword: 'm',
    };
    await expect(
      s.dispatch(authApi.endpoints.register.initiate(registration, { track: false })).unwrap(),
    ).rejects.toEqual({
      status: 409,
      message: 'User with this email already exists',
    });
    expect(s.getState().auth.error).toBe('User with this email already exists');
    exists = false;
    // SPEC section 4: the message defaults to 'Registration initiated successfully', the e-mail to the submitted one.
    await expect(
      s.dispatch(authApi.endpoints.register.initiate(registration, { track: false })).unwrap(),
    ).resolves.toEqual({
      message: 'Registration initiated successfully',
      email: 'a@b',
      registrationId: '',
    });
    expect(s.getState().auth.error).toBeNull();
  });
});
