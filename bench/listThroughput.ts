// 3. `GET /api/passwords` of a 1,000-entry vault under keep-alive load, side by side with a bare Fastify
// route (own process) that sends the same bytes pre-serialised. Rounds alternate between the two so that
// noise from the rest of the machine falls on both; the ratio of their throughputs is the figure.
import fs from 'node:fs';
import path from 'node:path';
import { expectStatus, runLoad, type LoadResult } from './lib/http';
import { freePort, spawnNode, waitForHttp } from './lib/processes';
import { percentile, round, type Row } from './lib/results';
import type { BenchUser } from './lib/users';

const SECTION = 'GET /api/passwords, 1,000 entries';

export interface ListLoadOptions {
  connections: number;
  /** Measured time per target, split over `rounds` alternating rounds. */
  durationMs: number;
  rounds: number;
  warmupMs: number;
}

function merge(results: LoadResult[]): LoadResult {
  return {
    requests: results.reduce((n, r) => n + r.requests, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    durationMs: results.reduce((n, r) => n + r.durationMs, 0),
    latenciesMs: results.flatMap((r) => r.latenciesMs),
    windowUs: [results[0]?.windowUs[0] ?? 0, results.at(-1)?.windowUs[1] ?? 0],
  };
}

const rps = (result: LoadResult) => (result.requests / result.durationMs) * 1000;

export async function measureListThroughput(
  baseUrl: string,
  user: BenchUser,
  tmpDir: string,
  options: ListLoadOptions,
): Promise<{ rows: Row[]; apiWindowsUs: [number, number][] }> {
  const apiUrl = new URL('/api/passwords', baseUrl).toString();
  const headers = { authorization: `Bearer ${user.token}` };
  const answer = await expectStatus(200, baseUrl, '/api/passwords', { token: user.token });
  const entries = (answer.json as { data: { passwords: unknown[] } }).data.passwords.length;
  const bodyFile = path.join(tmpDir, 'list-body.json');
  fs.writeFileSync(bodyFile, answer.raw);

  const port = await freePort();
  const bare = spawnNode(path.join('bench', 'bareServer.ts'), {
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile },
    logFile: path.join(tmpDir, 'bare.log'),
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/health`, bare);
    const bareUrl = `http://127.0.0.1:${port}/bare`;
    const load = (url: string, durationMs: number, withAuth: boolean) =>
      runLoad({
        url,
        headers: withAuth ? headers : undefined,
        connections: options.connections,
        durationMs,
        expectBytes: answer.raw.length,
      });

    await load(apiUrl, options.warmupMs, true);
    await load(bareUrl, options.warmupMs, false);
    const api: LoadResult[] = [];
    const bareRuns: LoadResult[] = [];
    const slice = options.durationMs / options.rounds;
    for (let round = 0; round < options.rounds; round += 1) {
      // Alternate which goes first, so neither always follows the other.
      if (round % 2 === 0) {
        api.push(await load(apiUrl, slice, true));
        bareRuns.push(await load(bareUrl, slice, false));
      } else {
        bareRuns.push(await load(bareUrl, slice, false));
        api.push(await load(apiUrl, slice, true));
      }
    }
    const apiAll = merge(api);
    const bareAll = merge(bareRuns);
    if (apiAll.requests === 0 || bareAll.requests === 0) {
      throw new Error(`no successful request (errors: api ${apiAll.errors}, bare ${bareAll.errors})`);
    }
    const kb = (answer.raw.length / 1000).toFixed(0);
    const setup = `${options.connections} connections, ${options.durationMs / 1000} s each in ${options.rounds} alternating rounds`;
    const rows: Row[] = [
      {
        id: 'list.api.rps',
        section: SECTION,
        label: `API route (${entries} entries, ${kb} KB): requests/s`,
        value: round(rps(apiAll)),
        unit: 'req/s',
        note: `${setup}; ${apiAll.requests} ok, ${apiAll.errors} errors; rounds ${api.map((r) => rps(r).toFixed(0)).join(', ')}`,
      },
      {
        id: 'list.api.p99',
        section: SECTION,
        label: 'API route: p99 latency',
        value: percentile(apiAll.latenciesMs, 99),
        unit: 'ms',
        digits: 1,
        note: `p50 ${percentile(apiAll.latenciesMs, 50).toFixed(1)} ms`,
      },
      {
        id: 'list.bare.rps',
        section: SECTION,
        label: 'bare Fastify route, same bytes: requests/s',
        value: round(rps(bareAll)),
        unit: 'req/s',
        note: `${bareAll.requests} ok, ${bareAll.errors} errors; rounds ${bareRuns.map((r) => rps(r).toFixed(0)).join(', ')}`,
      },
      {
        id: 'list.bare.p99',
        section: SECTION,
        label: 'bare route: p99 latency',
        value: percentile(bareAll.latenciesMs, 99),
        unit: 'ms',
        digits: 1,
        note: `p50 ${percentile(bareAll.latenciesMs, 50).toFixed(1)} ms`,
      },
      {
        id: 'list.ratio',
        section: SECTION,
        label: 'throughput ratio API / bare',
        value: rps(apiAll) / rps(bareAll),
        unit: '',
        digits: 2,
        target: { op: '>=', value: 0.5 },
      },
    ];
    return { rows, apiWindowsUs: api.map((r) => r.windowUs) };
  } finally {
    await bare.stop();
  }
}
