import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { UNLOCK_HEADER } from '../../common/unlockWindow';
import { mockApi, type ApiCall, type MockAnswer } from '../../test/mockApi';
import { baseApi, sessionEnded } from './baseApi';
import { getStoredToken, setStoredToken } from './tokenStorage';
import {
  askForVaultCredentialWith,
  currentUnlockKey,
  forgetUnlockWindow,
  openUnlockWindow,
  WINDOW_CREDENTIAL,
} from './vaultUnlock';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, void>({ query: () => ({ url: '/probe', method: 'POST', body: {} }) }),
  }),
});

function makeStore() {
  const seen: string[] = [];
  const recordTypes: Middleware = () => (next) => (action) => {
    seen.push((action as { type: string }).type);
    return next(action);
  };
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, recordTypes),
  });
  return { store, seen };
}

async function probe(answer: { status: number; body?: object }) {
  const { calls } = mockApi({ 'POST /probe': answer });
  const { store, seen } = makeStore();
  const result = await store.dispatch(probeApi.endpoints.probe.initiate(undefined, { track: false }));
  store.dispatch(baseApi.util.resetApiState());
  return { result, calls, seen };
}

test('sends JSON under /api with the bearer token when one is stored', async () => {
  setStoredToken('abc');
  const { calls } = await probe({ status: 200, body: { ok: true } });
  expect(calls[0].path).toBe('/probe');
  expect(calls[0].headers.get('authorization')).toBe('Bearer abc');
  expect(calls[0].headers.get('content-type')).toBe('application/json');
});

test('no token, no authorization header', async () => {
  const { calls } = await probe({ status: 200, body: {} });
  expect(calls[0].headers.has('authorization')).toBe(false);
});

test("errors carry the server's message, else 'An error occurred'", async () => {
  expect((await probe({ status: 400, body: { message: 'Bad thing' } })).result).toMatchObject({
    error: { status: 400, message: 'Bad thing' },
  });
  expect((await probe({ status: 500 })).result).toMatchObject({
    error: { status: 500, message: 'An error occurred' },
  });
});

test.each(['Token is not valid', 'Access denied. No token provided.', 'Session not valid'])(
  'a 401 saying "%s" forgets the token and ends the session',
  async (message) => {
    setStoredToken('abc');
    const { seen } = await probe({ status: 401, body: { message } });
    expect(getStoredToken()).toBeNull();
    expect(seen).toContain(sessionEnded.type);
  },
);

test.each([
  [401, 'Invalid master password. 2 attempts remaining.'],
  [401, 'Invalid credentials'],
  [403, 'Token is not valid'],
])('a %i saying "%s" keeps the session', async (status, message) => {
  setStoredToken('abc');
  const { seen } = await probe({ status, body: { message } });
  expect(getStoredToken()).toBe('abc');
  expect(seen).not.toContain(sessionEnded.type);
});

describe('the unlock window (issue 15)', () => {
  const vaultApi = baseApi.injectEndpoints({
    endpoints: (build) => ({
      vaultAction: build.mutation<unknown, { masterPassword: string; title?: string }>({
        query: (body) => ({ url: '/vault-action', method: 'POST', body }),
      }),
    }),
  });
  const locked = {
    status: 401,
    body: { message: 'The vault is locked: enter your master password', reason: 'vault-locked' },
  };
  let unregister: (() => void) | undefined;

  afterEach(() => {
    forgetUnlockWindow();
    unregister?.();
    unregister = undefined;
  });

  async function act(masterPassword: string, answer: (call: ApiCall) => MockAnswer) {
    const { calls } = mockApi({ 'POST /vault-action': answer, 'POST /probe': { body: {} } });
    const { store } = makeStore();
    const result = await store.dispatch(
      vaultApi.endpoints.vaultAction.initiate({ masterPassword, title: 'Bank' }, { track: false }),
    );
    await store.dispatch(probeApi.endpoints.probe.initiate(undefined, { track: false }));
    store.dispatch(baseApi.util.resetApiState());
    return { result, calls };
  }

  test('the prompt’s stand-in is sent as the tab’s key in the header, the rest of the body untouched', async () => {
    openUnlockWindow('the-tab-key', Date.now() + 60_000);
    const { result, calls } = await act(WINDOW_CREDENTIAL, () => ({ body: { ok: true } }));
    expect(result).toEqual({ data: { ok: true } });
    expect(calls[0].headers.get(UNLOCK_HEADER)).toBe('the-tab-key');
    expect(calls[0].body).toEqual({ title: 'Bank' });
    // Other requests never carry the key.
    expect(calls[1].headers.has(UNLOCK_HEADER)).toBe(false);
  });

  test('a master password goes in the body as before, without the header, even while a window is open', async () => {
    openUnlockWindow('the-tab-key', Date.now() + 60_000);
    const { calls } = await act('Typed#Master1', () => ({ body: {} }));
    expect(calls[0].body).toEqual({ masterPassword: 'Typed#Master1', title: 'Bank' });
    expect(calls[0].headers.has(UNLOCK_HEADER)).toBe(false);
  });

  test('a "vault locked" answer forgets the key, asks again and sends the answer once more', async () => {
    openUnlockWindow('old-key', Date.now() + 60_000);
    const ask = jest.fn(async () => 'Typed#Master1');
    unregister = askForVaultCredentialWith(ask);
    const { result, calls } = await act(WINDOW_CREDENTIAL, (call) =>
      call.headers.has(UNLOCK_HEADER) ? locked : { body: { ok: true } },
    );
    expect(result).toEqual({ data: { ok: true } });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(currentUnlockKey()).toBeNull();
    expect(calls.slice(0, 2).map((call) => [call.headers.get(UNLOCK_HEADER), call.body])).toEqual([
      ['old-key', { title: 'Bank' }],
      [null, { masterPassword: 'Typed#Master1', title: 'Bank' }],
    ]);
  });

  test('an ended window sends nothing before asking; cancelling fails the action, not the session', async () => {
    setStoredToken('abc');
    openUnlockWindow('old-key', Date.now() - 1);
    unregister = askForVaultCredentialWith(async () => null);
    const { result, calls } = await act(WINDOW_CREDENTIAL, () => ({ body: {} }));
    expect(calls.map((call) => call.path)).toEqual(['/probe']);
    expect(result).toMatchObject({
      error: {
        status: 401,
        message: 'The vault is locked: enter your master password',
        reason: 'vault-locked',
      },
    });
    expect(getStoredToken()).toBe('abc');
  });

  test('a newer window is not forgotten because an older key was refused', async () => {
    openUnlockWindow('old-key', Date.now() + 60_000);
    const { result } = await act(WINDOW_CREDENTIAL, () => {
      openUnlockWindow('new-key', Date.now() + 60_000);
      return locked;
    });
    expect(result).toMatchObject({ error: { status: 401 } });
    expect(currentUnlockKey()).toBe('new-key');
  });
});
