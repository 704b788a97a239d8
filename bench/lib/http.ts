// A small HTTP client on node:http: JSON calls from a chosen loopback address (the server sees it as the
// client IP, which keeps each simulated client under the per-IP limits), and a keep-alive load generator.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The n-th client address: 127.0.1.1, 127.0.1.2, ... (all of 127.0.0.0/8 is loopback on Linux).
 * 127.0.0.1 itself stays the browser's and the default client's address.
 */
export function clientAddress(n: number): string {
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string;
  localAddress?: string;
  agent?: http.Agent;
  timeoutMs?: number;
}

export interface CallResult {
  status: number;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: unknown;
  raw: Buffer;
  /** From just before the request is written to the last byte of the answer. */
  ms: number;
}

export function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: http.OutgoingHttpHeaders = {};
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? (payload ? 'POST' : 'GET'),
        headers,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks);
          let json: unknown;
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, json, raw, ms });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${path}: no answer within the timeout`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** Like `call`, but anything other than `expected` is an error carrying the answer. */
export async function expectStatus(
  expected: number,
  baseUrl: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const result = await call(baseUrl, path, options);
  if (result.status !== expected) {
    throw new Error(
      `${options.method ?? (options.body === undefined ? 'GET' : 'POST')} ${path}: ${result.status} ` +
        `(expected ${expected}) ${result.raw.toString('utf8').slice(0, 300)}`,
    );
  }
  return result;
}

/** Runs `task` over `items` with at most `limit` at once; answers the results in order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---- Load ----

export interface LoadOptions {
  url: string;
  headers?: http.OutgoingHttpHeaders;
  connections: number;
  durationMs: number;
  /** Byte length every answer must have (catches errors answered fast). */
  expectBytes?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  durationMs: number;
  latenciesMs: number[];
  /** When the load ran, on the monotonic clock in microseconds (the clock of V8's CPU profiles). */
  windowUs: [number, number];
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * `connections` keep-alive sockets, each sending its next GET as soon as the previous answer is read,
 * for `durationMs`. Latency is per request, first byte written to last byte read.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const startedUs = monotonicUs();
  const deadline = started + options.durationMs;

  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          headers: options.headers,
          agent,
        },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on('end', () => {
            const ok =
              response.statusCode === 200 &&
              (options.expectBytes === undefined || bytes === options.expectBytes);
            if (ok) latenciesMs.push(performance.now() - t0);
            else errors += 1;
            resolve();
          });
          response.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });

  const connection = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  const durationMs = performance.now() - started;
  agent.destroy();
  return {
    requests: latenciesMs.length,
    errors,
    durationMs,
    latenciesMs,
    windowUs: [startedUs, monotonicUs()],
  };
}
