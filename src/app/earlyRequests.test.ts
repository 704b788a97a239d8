// A reload's early requests are only worth something if they are the very requests the app makes first:
// the same URLs (the app's own request then takes the early answer) and no other.
import { mockApi, type ApiCall, type MockHandler } from '../test/mockApi';
import { TestRequest, TestResponse } from '../test/fetchPolyfill';
import { EARLY_ANSWER_MS, fetchWithEarlyAnswers, takeEarlyResponse } from '../shared/api/earlyResponses';
import { prefetchSignedInPage } from './prefetchSignedIn';
import { LATE_EARLY_PATH, startEarlyRequests } from './earlyRequests';
import { setupStore } from './store';
import { DEFAULT_LIST_PREFERENCES, type ListOrder, type ListPreferences } from '../common/listOrder';
import { LIST_ORDER_STORAGE_KEY } from '../shared/api/listOrderStorage';

const API = new URL('api/', document.baseURI);
const preferences: ListPreferences = { listView: 'cards', listSort: 'name', favoritesFirst: true };

function installApi(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /auth/me': { body: { success: true, data: { user: { _id: 'u1' } } } },
    'GET /user/preferences': { body: { success: true, preferences } },
    'GET /passwords': { body: { success: true, data: { passwords: [], nextCursor: null, total: 0 } } },
    'GET /passwords/stats': { body: { success: true, data: { total: 0, favorites: 0, categories: {} } } },
    'GET /passwords/health': { body: { success: true, data: { total: 0, weak: 0, reused: 0, old: 0 } } },
    'GET /passwords/trash': { body: { success: true, data: { passwords: [] } } },
    ...overrides,
  });
}

const asked = (calls: ApiCall[]) =>
  calls.map((call) => `${call.path}${call.query.size ? `?${call.query.toString()}` : ''}`).sort();

/** The requests the early script starts for a reload of `path`, in the shape the app's are recorded. */
async function earlyRequestsOf(
  pathname: string,
  search = '',
  remembered: ListOrder = preferences,
  overrides: Record<string, MockHandler> = {},
): Promise<string[]> {
  const { calls } = installApi(overrides);
  const pending: Promise<unknown>[] = [];
  startEarlyRequests(
    pathname,
    search,
    (path) => {
      const response = fetch(new TestRequest(new URL(path, API).href) as unknown as Request);
      pending.push(response);
      return response;
    },
    remembered,
  );
  // The list waits for the preferences: let both go out.
  for (let round = 0; round < 3; round += 1) await Promise.all(pending);
  return asked(calls);
}

/** The requests the app makes first on a reload of `path`: the session, then the page's own. */
async function appRequestsOf(
  pathname: string,
  search = '',
  overrides: Record<string, MockHandler> = {},
): Promise<string[]> {
  const { calls } = installApi(overrides);
  const store = setupStore();
  void prefetchSignedInPage(store, pathname, search);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return asked(calls);
}

describe('early requests', () => {
  it.each([
    ['/passwords', '?health=weak'],
    ['/passwords', ''],
    ['/dashboard', ''],
  ])('are what the app asks for first on %s%s (and the session)', async (pathname, search) => {
    const early = await earlyRequestsOf(pathname, search);
    const app = await appRequestsOf(pathname, search);
    expect(early).toEqual(['/auth/me', ...app].sort());
  });

  it('ask for the list in the order the user left it', async () => {
    expect(await earlyRequestsOf('/passwords', '?health=weak')).toContain(
      '/passwords?limit=100&health=weak&sort=name&favoritesFirst=true',
    );
  });

  it('ask for the list at once, in the order this browser last saw, without waiting for the preferences', () => {
    const asked: string[] = [];
    startEarlyRequests(
      '/passwords',
      '',
      (path) => {
        asked.push(path);
        return new Promise<Response>(() => undefined); // nothing answers yet
      },
      preferences,
    );
    expect(asked).toEqual([
      'auth/me',
      'passwords?limit=100&sort=name&favoritesFirst=true',
      'user/preferences',
    ]);
  });

  it("ask for the list in the preferences' order too when the browser kept another (or none)", async () => {
    expect(await earlyRequestsOf('/passwords', '', DEFAULT_LIST_PREFERENCES)).toEqual([
      '/auth/me',
      '/passwords?limit=100',
      '/passwords?limit=100&sort=name&favoritesFirst=true',
      '/user/preferences',
    ]);
  });

  it('ask for the kept order only when the preferences fail, as the app then shows it', async () => {
    const kept: ListOrder = { listSort: 'updated', favoritesFirst: false };
    window.localStorage.setItem(LIST_ORDER_STORAGE_KEY, JSON.stringify(kept));
    try {
      const failing = { 'GET /user/preferences': { status: 500, body: { message: 'Server error' } } };
      const early = await earlyRequestsOf('/passwords', '', kept, failing);
      const app = await appRequestsOf('/passwords', '', failing);
      expect(early).toEqual(['/auth/me', '/passwords?limit=100&sort=updated', '/user/preferences']);
      expect(early).toEqual(['/auth/me', ...app].sort());
    } finally {
      window.localStorage.removeItem(LIST_ORDER_STORAGE_KEY);
    }
  });

  it('on any other page, ask for the session only', async () => {
    expect(await earlyRequestsOf('/settings')).toEqual(['/auth/me']);
  });
});

describe('takeEarlyResponse', () => {
  const url = new URL('passwords?limit=5', API).href;
  const request = (authorization = 'Bearer t1', method = 'GET') =>
    new TestRequest(url, { method, headers: { authorization } }) as unknown as Request;
  const wait = (response: Promise<Response>) => [
    { url, authorization: 'Bearer t1', startedAt: performance.now(), response },
  ];
  afterEach(() => {
    delete window.__passvaultEarly;
  });

  it('hands an early answer over once, to a request for the same URL with the same token', async () => {
    const answer = new TestResponse('{"ok":true}', { status: 200 }) as unknown as Response;
    window.__passvaultEarly = wait(Promise.resolve(answer));
    expect(takeEarlyResponse(request('Bearer other'))).toBeUndefined();
    expect(await takeEarlyResponse(request())).toBe(answer);
    expect(takeEarlyResponse(request())).toBeUndefined();
  });

  it('is not used after the app sent a write: the answer may predate it', () => {
    window.__passvaultEarly = wait(Promise.resolve(new TestResponse('{}') as unknown as Response));
    expect(takeEarlyResponse(request('Bearer t1', 'POST'))).toBeUndefined();
    expect(takeEarlyResponse(request())).toBeUndefined();
    // Nor is one that arrives after the write.
    window.__passvaultEarly.push(...wait(Promise.resolve(new TestResponse('{}') as unknown as Response)));
    expect(takeEarlyResponse(request())).toBeUndefined();
  });

  it('is not used for a URL the app already asked the network for (the early request started later)', () => {
    window.__passvaultEarly = [];
    expect(takeEarlyResponse(request())).toBeUndefined();
    window.__passvaultEarly.push(...wait(Promise.resolve(new TestResponse('{}') as unknown as Response)));
    expect(takeEarlyResponse(request())).toBeUndefined();
    expect(window.__passvaultEarly).toEqual([]);
  });

  it('is not used once it is old', () => {
    window.__passvaultEarly = wait(Promise.resolve(new TestResponse('{}') as unknown as Response));
    window.__passvaultEarly[0].startedAt = performance.now() - EARLY_ANSWER_MS - 1;
    expect(takeEarlyResponse(request())).toBeUndefined();
  });

  it('asks the network again when the early request could not reach the server', async () => {
    const { calls } = installApi();
    window.__passvaultEarly = wait(Promise.reject(new TypeError('Failed to fetch')));
    const response = await takeEarlyResponse(request());
    expect(response?.status).toBe(200);
    expect(asked(calls)).toEqual(['/passwords?limit=5']);
  });
});

describe('fetchWithEarlyAnswers', () => {
  const listUrl = new URL('passwords?limit=100', API).href;
  const get = (url: string) =>
    new TestRequest(url, { headers: { authorization: 'Bearer t1' } }) as unknown as Request;
  afterEach(() => {
    delete window.__passvaultEarly;
    delete window.__passvaultEarlyStart;
  });

  it('lets the list wait for the early script to start it, when the app is first: one request goes out', async () => {
    const { calls } = installApi();
    const early = new TestResponse('{"early":true}', { status: 200 }) as unknown as Response;
    let start = () => undefined as void;
    window.__passvaultEarly = [];
    window.__passvaultEarlyStart = {
      url: new URL(LATE_EARLY_PATH, API).href,
      started: new Promise<void>((resolve) => (start = resolve)),
    };
    // The app's code was faster than the preferences the early list waits for.
    const appAnswer = fetchWithEarlyAnswers(get(listUrl));
    // Any other request goes on at once.
    expect((await fetchWithEarlyAnswers(get(new URL('auth/me', API).href))).status).toBe(200);
    window.__passvaultEarly.push({
      url: listUrl,
      authorization: 'Bearer t1',
      startedAt: performance.now(),
      response: Promise.resolve(early),
    });
    start();
    expect(await appAnswer).toBe(early);
    expect(asked(calls)).toEqual(['/auth/me']);
  });

  it('asks the network when the early list did not start (the preferences failed)', async () => {
    const { calls } = installApi();
    window.__passvaultEarly = [];
    window.__passvaultEarlyStart = { url: new URL(LATE_EARLY_PATH, API).href, started: Promise.resolve() };
    expect((await fetchWithEarlyAnswers(get(listUrl))).status).toBe(200);
    expect(asked(calls)).toEqual(['/passwords?limit=100']);
  });

  it('is started once the preferences have answered, or failed', async () => {
    installApi();
    const started = startEarlyRequests('/passwords', '', (path) =>
      fetch(new TestRequest(new URL(path, API).href) as unknown as Request),
    );
    await expect(started).resolves.toBeUndefined();
    expect(
      startEarlyRequests('/dashboard', '', () =>
        Promise.resolve(new TestResponse('{}') as unknown as Response),
      ),
    ).toBeUndefined();
    const failing = startEarlyRequests('/passwords', '', (path) =>
      path === 'user/preferences'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(new TestResponse('{}') as unknown as Response),
    );
    await expect(failing).resolves.toBeUndefined();
  });
});
