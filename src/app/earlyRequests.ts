// Runs before the app (index.html loads it first; it is tiny): with a stored token, starts the requests a
// reload of this page makes first — the session, and the page's first data — so that their answers are
// there when the app's code arrives and asks for them (shared/api/earlyResponses.ts hands them over).
// Without a token, or on another page, it does nothing. The URLs are built as the app builds them; a
// test (earlyRequests.test.ts) holds the two to the same list.
import { STORAGE_KEYS } from '../common/constants';
import { LIST_WINDOW_SIZE } from '../common/limits';
import { DEFAULT_LIST_PREFERENCES, listOrderOf, type ListOrder } from '../common/listOrder';
import { passwordListParams } from '../common/listQuery';
import { HEALTH_FILTERS, type PasswordListQuery } from '../common/wire';
import type { EarlyRequest, EarlyStart } from '../shared/api/earlyResponses';
import { keptListOrder } from '../shared/api/listOrderStorage';

/** What the app sends with every request it could take an early answer for. */
function requestAuthorization(): string | null {
  try {
    const token = window.localStorage.getItem(STORAGE_KEYS.token);
    return token ? `Bearer ${token}` : null;
  } catch {
    return null;
  }
}

/**
 * The list's order from a preferences answer (the defaults for what it does not say), as the app reads
 * it; `failed` when there is no usable answer (the app then shows the order this browser kept).
 */
async function answeredListOrder(answer: Response, failed: ListOrder): Promise<ListOrder> {
  if (!answer.ok) return failed;
  try {
    const { preferences } = (await answer.clone().json()) as { preferences?: unknown };
    return preferences ? listOrderOf(preferences) : failed;
  } catch {
    return failed;
  }
}

/** The first window of the Passwords page: its health filter (the address) and the user's order. */
export function firstWindowParams(search: string, preferences: ListOrder) {
  const health = HEALTH_FILTERS.find((name) => name === new URLSearchParams(search).get('health'));
  const query: PasswordListQuery = {
    ...(health ? { health } : {}),
    ...(preferences.listSort !== DEFAULT_LIST_PREFERENCES.listSort ? { sort: preferences.listSort } : {}),
    ...(preferences.favoritesFirst ? { favoritesFirst: true } : {}),
    limit: LIST_WINDOW_SIZE,
  };
  return passwordListParams(query);
}

/** The path (of the API) under which an early request may start late: the Passwords page's list. */
export const LATE_EARLY_PATH = 'passwords?';

const firstWindowPath = (search: string, order: ListOrder) =>
  `${LATE_EARLY_PATH}${new URLSearchParams(firstWindowParams(search, order) as Record<string, string>).toString()}`;

/**
 * Starts the API requests a reload of `pathname` asks for first. The list goes at once in the order
 * this browser last saw (`remembered`), beside the preferences; if they say another order, the list in
 * theirs follows them (the first is then answered for nothing). Answers, for the list, once the
 * preferences have answered or failed: the app's own list request waits for that (it knows the order
 * only then too).
 */
export function startEarlyRequests(
  pathname: string,
  search: string,
  get: (path: string) => Promise<Response>,
  remembered: ListOrder = DEFAULT_LIST_PREFERENCES,
): Promise<void> | undefined {
  const page = pathname.replace(/\/$/, '');
  void get('auth/me');
  if (page.endsWith('/passwords')) {
    const guessed = firstWindowPath(search, remembered);
    void get(guessed);
    // Settles whatever happens (the preferences failed, or anything after them): the app waits for it.
    return get('user/preferences')
      .then(async (answer) => {
        const path = firstWindowPath(search, await answeredListOrder(answer, remembered));
        if (path !== guessed) void get(path);
      })
      .catch(() => undefined);
  }
  if (page.endsWith('/dashboard')) {
    void get('passwords/stats');
    void get(`passwords?${new URLSearchParams({ limit: '5' }).toString()}`);
    void get('passwords/health');
  }
  return undefined;
}

const authorization = requestAuthorization();
if (authorization && typeof fetch === 'function') {
  const api = new URL('api/', document.baseURI);
  const waiting: EarlyRequest[] = (window.__passvaultEarly = []);
  const page = new URL(window.location.href);
  // The path within the app: the part after the base (<base href> says where the app lives).
  const within = `/${page.pathname.slice(new URL(document.baseURI).pathname.length)}`;
  const started = startEarlyRequests(
    within,
    page.search,
    (path) => {
      const url = new URL(path, api).href;
      const response = fetch(url, { headers: { authorization, accept: 'application/json' } });
      waiting.push({ url, authorization, startedAt: performance.now(), response });
      return response;
    },
    keptListOrder(),
  );
  if (started) {
    const start: EarlyStart = { url: new URL(LATE_EARLY_PATH, api).href, started };
    window.__passvaultEarlyStart = start;
    void started.then(() => {
      if (window.__passvaultEarlyStart === start) delete window.__passvaultEarlyStart;
    });
  }
}
