// Answers asked for before the app's code arrived (app/earlyRequests.ts, a tiny script of its own that
// index.html runs first): a reload starts its first API requests while the app downloads, and the app's
// own request for the same URL, with the same token, takes the answer instead of asking again. Shared
// through a global, not a module: the two scripts are separate bundles.

/** One request started early: single use, and only for a moment (a later request asks anew). */
export interface EarlyRequest {
  url: string;
  authorization: string;
  startedAt: number;
  response: Promise<Response>;
}

/**
 * A request the early script will start once an answer it waits for is here (the list, after the
 * preferences that say its order): the app's own request for a URL under `url` waits for `started`, or
 * it would race the early one and both would go out, one of them answered for nothing.
 */
export interface EarlyStart {
  url: string;
  started: Promise<void>;
}

declare global {
  interface Window {
    __passvaultEarly?: EarlyRequest[];
    __passvaultEarlyStart?: EarlyStart;
  }
}

/** How long an early answer may stand in for the app's request. */
export const EARLY_ANSWER_MS = 15_000;

/** What the app has done so far, per list of early requests (one per page load). */
interface AppRequests {
  /** The URLs (with the token) the app has asked for: an early answer serves the first request only. */
  asked: Set<string>;
  /** The app has sent a write: every answer fetched early may predate it. */
  wrote: boolean;
}

const appRequests = new WeakMap<EarlyRequest[], AppRequests>();

function appRequestsFor(waiting: EarlyRequest[]): AppRequests {
  let seen = appRequests.get(waiting);
  if (!seen) {
    seen = { asked: new Set(), wrote: false };
    appRequests.set(waiting, seen);
  }
  return seen;
}

/**
 * The early answer for this request, taken (a second request asks the server), or undefined. An early
 * request that failed to reach the server is made again: the network may be back. An early answer is
 * never used after the app sent a write, nor for a URL the app asked the network for already (the early
 * request may have been started after the app's own, and answer what the app has since changed).
 */
export function takeEarlyResponse(request: Request): Promise<Response> | undefined {
  const waiting = typeof window === 'undefined' ? undefined : window.__passvaultEarly;
  if (!waiting) return undefined;
  const seen = appRequestsFor(waiting);
  if (request.method !== 'GET') {
    seen.wrote = true;
    waiting.length = 0;
    return undefined;
  }
  const authorization = request.headers.get('authorization');
  const asked = `${authorization ?? ''} ${request.url}`;
  const firstAsk = !seen.asked.has(asked);
  seen.asked.add(asked);
  const now = performance.now();
  const index = waiting.findIndex(
    (early) =>
      early.url === request.url &&
      early.authorization === authorization &&
      now - early.startedAt < EARLY_ANSWER_MS,
  );
  if (index < 0) return undefined;
  const [early] = waiting.splice(index, 1);
  if (!firstAsk || seen.wrote) return undefined;
  return early.response.catch(() => fetch(request));
}

/** The base query's fetch (which hands it a Request): an early answer when there is one, else the network. */
export function fetchWithEarlyAnswers(input: RequestInfo, init?: RequestInit): Promise<Response> {
  if (!(input instanceof Request) || init) return fetch(input, init);
  const start = typeof window === 'undefined' ? undefined : window.__passvaultEarlyStart;
  if (start && input.method === 'GET' && input.url.startsWith(start.url)) {
    return start.started.then(() => takeEarlyResponse(input) ?? fetch(input));
  }
  return takeEarlyResponse(input) ?? fetch(input);
}
