// 3. `GET /api/passwords`, a window of 100 of the big vault, read right after a write to that vault, side
// by side with a bare Fastify route (own process) that sends the same bytes pre-serialised.
//
// The loop, the same for both targets: a write phase (each of the C keep-alive connections toggles the
// favourite of one entry of the vault, PATCH /api/passwords/:id/favorite, not timed), then a read phase
// (the C connections read at once, each a different window: the first 100 entries, the next 100 by
// the cursor, ...), timed from its first request to its last answer. Every read phase follows writes to
// the vault, and no two reads of a phase ask the same thing, so no answer can be kept from one read for
// the next: a cache of answers dropped at every write (the server had one before issue 12) never serves.
// The server's window cache (server/modules/vault/windowCache.ts) does serve: it keeps the windows it
// has read and applies each write to them from the change log, which every read consults first, as a
// person's list does after each change. The run against a second process with LIST_CACHE_MB=0 shows
// every window read from the database. The bare route gets the same writes before its reads, so the
// machine does the same work around both. Rounds alternate between the targets so that noise from the
// rest of the machine falls on both. Reads/s = reads / time spent in read phases; the ratio of the two
// is the figure.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exchange, expectStatus, monotonicUs } from './lib/http';
import { freePort, spawnNode, waitForHttp } from './lib/processes';
import { percentile, round, type Row } from './lib/results';
import type { BenchUser } from './lib/users';

export interface ListLoadOptions {
  /** Connections, and so reads (and writes) in flight at once. */
  connections: number;
  /** Measured wall time per target, split over `rounds` alternating rounds. */
  durationMs: number;
  rounds: number;
  warmupMs: number;
  /** Entries per window (the Passwords page's LIST_WINDOW_SIZE). */
  windowSize: number;
}

interface Tally {
  reads: number;
  errors: number;
  /** Time spent in read phases. */
  readMs: number;
  latenciesMs: number[];
  writeLatenciesMs: number[];
  /** The read phases, on the monotonic clock (for the server's CPU profile). */
  windowsUs: [number, number][];
  /** Reads/s of each round. */
  roundRates: number[];
}

const emptyTally = (): Tally => ({
  reads: 0,
  errors: 0,
  readMs: 0,
  latenciesMs: [],
  writeLatenciesMs: [],
  windowsUs: [],
  roundRates: [],
});

const rate = (t: { reads: number; readMs: number }) => (t.readMs > 0 ? (t.reads / t.readMs) * 1000 : 0);

interface ListPage {
  data: { passwords: { _id: string }[]; nextCursor: string | null; total: number };
}

export async function measureListAfterWrite(
  baseUrl: string,
  user: BenchUser,
  tmpDir: string,
  options: ListLoadOptions,
  where: {
    section: string;
    idPrefix: string;
    /** The ratio is judged against the 0.5 (default). */ judged?: boolean;
  },
): Promise<{ rows: Row[]; apiWindowsUs: [number, number][] }> {
  const { connections, windowSize } = options;
  const headers = { authorization: `Bearer ${user.token}` };

  // The windows the connections read: the first, then each next one by its cursor.
  const paths: string[] = [];
  const bodies: Buffer[] = [];
  let cursor: string | null = null;
  let ids: string[] = [];
  let total = 0;
  while (paths.length < connections) {
    const query = new URLSearchParams({ limit: String(windowSize) });
    if (cursor) query.set('cursor', cursor);
    const pathAndQuery = `/api/passwords?${query.toString()}`;
    const answer = await expectStatus(200, baseUrl, pathAndQuery, { token: user.token });
    const page = answer.json as ListPage;
    if (page.data.passwords.length !== windowSize) {
      throw new Error(`${pathAndQuery}: ${page.data.passwords.length} entries, expected ${windowSize}`);
    }
    if (paths.length === 0) {
      ids = page.data.passwords.map((entry) => entry._id);
      total = page.data.total;
    }
    paths.push(pathAndQuery);
    bodies.push(answer.raw);
    cursor = page.data.nextCursor;
    if (!cursor) break;
  }
  const windows = paths.length;
  const bodyFiles = bodies.map((body, n) => {
    const file = path.join(tmpDir, `list-window-${where.idPrefix}-${n}.json`);
    fs.writeFileSync(file, body);
    return file;
  });

  const port = await freePort();
  const bare = spawnNode(path.join('bench', 'bareServer.ts'), {
    env: { ...process.env, PORT: String(port), BODY_FILES: bodyFiles.join(path.delimiter) },
    logFile: path.join(tmpDir, `bare-${where.idPrefix}.log`),
  });
  const apiAgent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/health`, bare);
    const apiUrls = paths.map((p) => new URL(p, baseUrl));
    const bareUrls = paths.map((_, n) => new URL(`/bare/${n}`, `http://127.0.0.1:${port}`));
    let written = 0;

    /** One write phase, then one read phase against `target`. */
    const phase = async (target: 'api' | 'bare', tally: Tally) => {
      const writes = await Promise.all(
        Array.from({ length: connections }, () => {
          const id = ids[written % ids.length];
          written += 1;
          return exchange(apiAgent, new URL(`/api/passwords/${encodeURIComponent(id)}/favorite`, baseUrl), {
            method: 'PATCH',
            headers,
          });
        }),
      );
      const failedWrite = writes.find((w) => w.status !== 200);
      if (failedWrite) throw new Error(`a write (PATCH favorite) answered ${failedWrite.status}`);
      tally.writeLatenciesMs.push(...writes.map((w) => w.ms));

      const urls = target === 'api' ? apiUrls : bareUrls;
      const agent = target === 'api' ? apiAgent : bareAgent;
      const startedUs = monotonicUs();
      const started = performance.now();
      const reads = await Promise.all(
        Array.from({ length: connections }, (_, c) =>
          exchange(agent, urls[c % windows], target === 'api' ? { headers } : {}),
        ),
      );
      tally.readMs += performance.now() - started;
      tally.windowsUs.push([startedUs, monotonicUs()]);
      reads.forEach((read, c) => {
        // The favourites toggled in the first window change its length by a byte each ("true"/"false").
        const expected = bodies[c % windows].length;
        if (read.status === 200 && Math.abs(read.bytes - expected) <= windowSize) {
          tally.reads += 1;
          tally.latenciesMs.push(read.ms);
        } else {
          tally.errors += 1;
        }
      });
    };

    const runFor = async (target: 'api' | 'bare', ms: number, tally: Tally) => {
      const before = { reads: tally.reads, readMs: tally.readMs };
      const deadline = performance.now() + ms;
      while (performance.now() < deadline) await phase(target, tally);
      tally.roundRates.push(
        rate({ reads: tally.reads - before.reads, readMs: tally.readMs - before.readMs }),
      );
    };

    await runFor('api', options.warmupMs, emptyTally());
    await runFor('bare', options.warmupMs, emptyTally());
    const api = emptyTally();
    const bareTally = emptyTally();
    const slice = options.durationMs / options.rounds;
    for (let r = 0; r < options.rounds; r += 1) {
      // Alternate which goes first, so neither always follows the other.
      const order: ('api' | 'bare')[] = r % 2 === 0 ? ['api', 'bare'] : ['bare', 'api'];
      for (const target of order) await runFor(target, slice, target === 'api' ? api : bareTally);
    }
    if (api.reads === 0 || bareTally.reads === 0) {
      throw new Error(`no successful read (errors: api ${api.errors}, bare ${bareTally.errors})`);
    }
    const roundRatios = api.roundRates.map((a, i) => a / bareTally.roundRates[i]);
    const kb = (bodies[0].length / 1000).toFixed(0);
    const setup =
      `${connections} connections: ${connections} writes (PATCH favorite, not timed), then ${connections} ` +
      `reads of ${windows} different windows at once, timed; ${options.durationMs / 1000} s of each target ` +
      `in ${options.rounds} alternating rounds`;
    const rows: Row[] = [
      {
        id: `${where.idPrefix}.api.rps`,
        section: where.section,
        label: `list route, window of ${windowSize} (${kb} KB) of ${total.toLocaleString('en-US')}, after a write: reads/s`,
        value: round(rate(api)),
        unit: 'req/s',
        note: `${setup}; ${api.reads} reads ok, ${api.errors} errors; rounds ${api.roundRates.map((r) => r.toFixed(0)).join(', ')}`,
      },
      {
        id: `${where.idPrefix}.api.p99`,
        section: where.section,
        label: '  list route: p99 latency (in a phase of concurrent reads)',
        value: percentile(api.latenciesMs, 99),
        unit: 'ms',
        digits: 1,
        note: `p50 ${percentile(api.latenciesMs, 50).toFixed(1)} ms; the writes before them: p50 ${percentile(api.writeLatenciesMs, 50).toFixed(1)} ms`,
      },
      {
        id: `${where.idPrefix}.bare.rps`,
        section: where.section,
        label: 'bare Fastify route, same bytes, same writes before: reads/s',
        value: round(rate(bareTally)),
        unit: 'req/s',
        note: `${bareTally.reads} reads ok, ${bareTally.errors} errors; rounds ${bareTally.roundRates.map((r) => r.toFixed(0)).join(', ')}`,
      },
      {
        id: `${where.idPrefix}.bare.p99`,
        section: where.section,
        label: '  bare route: p99 latency',
        value: percentile(bareTally.latenciesMs, 99),
        unit: 'ms',
        digits: 1,
        note: `p50 ${percentile(bareTally.latenciesMs, 50).toFixed(1)} ms`,
      },
      {
        id: `${where.idPrefix}.ratio`,
        section: where.section,
        label: 'reads/s ratio, list route / bare route',
        value: rate(api) / rate(bareTally),
        unit: '',
        digits: 2,
        ...(where.judged === false ? {} : { target: { op: '>=' as const, value: 0.5 } }),
        note: `rounds: ${roundRatios.map((r) => r.toFixed(2)).join(', ')}`,
        samples: roundRatios,
      },
    ];
    return { rows, apiWindowsUs: api.windowsUs };
  } finally {
    apiAgent.destroy();
    bareAgent.destroy();
    await bare.stop();
  }
}
