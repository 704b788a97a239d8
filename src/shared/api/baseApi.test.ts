import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { mockApi } from '../../test/mockApi';
import { baseApi, sessionEnded } from './baseApi';
import { getStoredToken, setStoredToken } from './tokenStorage';

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
