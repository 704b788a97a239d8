// A small HTTP client on node:http: JSON calls from a chosen loopback address (the server sees it as the
// client IP, which keeps each simulated client under the per-IP limits), and keep-alive requests.
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

// ---- Keep-alive requests (the list throughput loop) ----

/** The monotonic clock in microseconds (the clock of V8's CPU profiles). */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export interface Exchange {
  status: number;
  bytes: number;
  /** First byte written to last byte read. */
  ms: number;
}

/**
 * One request on `agent` (keep-alive sockets), the body counted, not kept. Never rejects: a network
 * error answers status 0.
 */
export function exchange(
  agent: http.Agent,
  url: URL,
  options: { method?: string; headers?: http.OutgoingHttpHeaders } = {},
): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    const failed = () => resolve({ status: 0, bytes: 0, ms: performance.now() - started });
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent,
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }),
        );
        response.on('error', failed);
      },
    );
    request.on('error', failed);
    request.end();
  });
}
