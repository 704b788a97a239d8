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

declare global {
  interface Window {
    __passvaultEarly?: EarlyRequest[];
  }
}

/** How long an early answer may stand in for the app's request. */
export const EARLY_ANSWER_MS = 15_000;

/**
 * The early answer for this request, taken (a second request asks the server), or undefined. An early
 * request that failed to reach the server is made again: the network may be back.
 */
export function takeEarlyResponse(request: Request): Promise<Response> | undefined {
  const waiting = typeof window === 'undefined' ? undefined : window.__passvaultEarly;
  if (!waiting || request.method !== 'GET') return undefined;
  const now = performance.now();
  const index = waiting.findIndex(
    (early) =>
      early.url === request.url &&
      early.authorization === request.headers.get('authorization') &&
      now - early.startedAt < EARLY_ANSWER_MS,
  );
  if (index < 0) return undefined;
  const [early] = waiting.splice(index, 1);
  return early.response.catch(() => fetch(request));
}

/** The base query's fetch (which hands it a Request): an early answer when there is one, else the network. */
export function fetchWithEarlyAnswers(input: RequestInfo, init?: RequestInit): Promise<Response> {
  return (input instanceof Request && !init ? takeEarlyResponse(input) : undefined) ?? fetch(input, init);
}
