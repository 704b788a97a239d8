// jsdom has no fetch, Request or Response. These minimal versions cover what RTK Query's
// fetchBaseQuery uses (string bodies, headers, clone, text); tests replace `fetch` with a mock.

type Body = string | null;

function bodyText(body: unknown): Body {
  if (body === undefined || body === null) return null;
  return typeof body === 'string' ? body : String(body);
}

export class TestRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal | null;
  // A true private field: like a real Request/Response, the body is not an enumerable property.
  readonly #body: Body;

  constructor(input: string | TestRequest, init: RequestInit = {}) {
    const source = typeof input === 'string' ? undefined : input;
    this.url = new URL(source ? source.url : input.toString(), document.baseURI).toString();
    this.method = (init.method ?? source?.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers ?? source?.headers);
    this.signal = init.signal ?? source?.signal ?? null;
    this.#body = init.body !== undefined ? bodyText(init.body) : source ? source.#body : null;
  }

  clone(): TestRequest {
    return new TestRequest(this);
  }

  async text(): Promise<string> {
    return this.#body ?? '';
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.#body ?? 'null');
  }
}

export class TestResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly ok: boolean;
  readonly #body: Body;

  constructor(body?: unknown, init: ResponseInit = {}) {
    this.#body = bodyText(body);
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? '';
    this.headers = new Headers(init.headers);
    this.ok = this.status >= 200 && this.status < 300;
  }

  clone(): TestResponse {
    return new TestResponse(this.#body, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
  }

  async text(): Promise<string> {
    return this.#body ?? '';
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.#body ?? 'null');
  }
}

export function installFetchPolyfill(): void {
  const target = globalThis as unknown as Record<string, unknown>;
  target.Request = TestRequest;
  target.Response = TestResponse;
  target.fetch = async () => {
    throw new Error('fetch is not mocked in this test: use mockApi() from src/test/mockApi');
  };
}
