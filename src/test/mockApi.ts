// Mocks the network boundary (global fetch) and nothing else: the real store, base query and
// endpoints run. Routes are keyed 'METHOD /path' relative to the API base, e.g. 'POST /auth/login';
// a segment ':name' matches any one segment and is handed over in `params` ('GET /passwords/:id').
import { TestResponse, type TestRequest } from './fetchPolyfill';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  query: URLSearchParams;
  /** The ':name' segments of the route that answered. */
  params: Record<string, string>;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export type MockHandler = MockAnswer | ((call: ApiCall) => MockAnswer | Promise<MockAnswer>);

/** The handler for `METHOD path`: the route of that exact name, else the first pattern that fits. */
function routeOf(
  routes: Record<string, MockHandler>,
  method: string,
  path: string,
): { handler?: MockHandler; params: Record<string, string> } {
  const exact = routes[`${method} ${path}`];
  if (exact) return { handler: exact, params: {} };
  const segments = path.split('/');
  for (const [route, handler] of Object.entries(routes)) {
    const [routeMethod, routePath = ''] = route.split(' ');
    const pattern = routePath.split('/');
    if (routeMethod !== method || !routePath.includes(':') || pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, index) => {
      if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segments[index]);
      return part.startsWith(':') || part === segments[index];
    });
    if (fits) return { handler, params };
  }
  return { params: {} };
}

export function mockApi(routes: Record<string, MockHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (request: TestRequest) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*?\/api(?=\/)/, '');
    const text = await request.text();
    const { handler, params } = routeOf(routes, request.method, path);
    const call: ApiCall = {
      method: request.method,
      path,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
      query: url.searchParams,
      params,
    };
    calls.push(call);
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    if (!answer)
      return new TestResponse(JSON.stringify({ message: `No mock for ${call.method} ${path}` }), {
        status: 404,
      });
    return new TestResponse(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
  return { calls, fetchMock };
}

/** A fetch that never answers: the screen stays in its loading state. */
export function mockPendingApi() {
  const fetchMock = jest.fn(() => new Promise<never>(() => undefined));
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
  return fetchMock;
}

/**
 * The network is gone: every request fails as the browser's fetch does offline (a TypeError), until the
 * returned function brings the previous fetch back.
 */
export function goOffline(): () => void {
  const online = globalThis.fetch;
  (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(() =>
    Promise.reject(new TypeError('Failed to fetch')),
  );
  return () => {
    (globalThis as unknown as { fetch: unknown }).fetch = online;
  };
}
