// Mocks the network boundary (global fetch) and nothing else: the real store, base query and
// endpoints run. Routes are keyed 'METHOD /path' relative to the API base, e.g. 'POST /auth/login'.
import { TestResponse, type TestRequest } from './fetchPolyfill';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export type MockHandler = MockAnswer | ((call: ApiCall) => MockAnswer | Promise<MockAnswer>);

export function mockApi(routes: Record<string, MockHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (request: TestRequest) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*?\/api(?=\/)/, '');
    const text = await request.text();
    const call: ApiCall = {
      method: request.method,
      path,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${path}`];
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
