// 7. Unlocking the vault: the master password's Argon2id (m=64 MiB, t=3, p=4) as the server runs it.
// One user unlocking (median of several, one at a time), then 100 users unlocking at the same moment:
// their latencies and the server's peak memory, which the memory-bounded Argon2 pool keeps flat.
import { performance } from 'node:perf_hooks';
import { call } from './lib/http';
import { sampleMemory, sleep } from './lib/processes';
import { median, percentile, round, type Row } from './lib/results';
import type { BenchUser } from './lib/users';

const SECTION = 'Unlocking the vault (Argon2id m=64 MiB t=3 p=4)';
const mb = (kib: number) => round((kib * 1024) / 1e6);

async function unlock(baseUrl: string, user: BenchUser): Promise<number> {
  const result = await call(baseUrl, '/api/auth/verify-master', {
    token: user.token,
    localAddress: user.address,
    body: { masterPassword: user.masterPassword },
    timeoutMs: 120_000,
  });
  if (result.status !== 200) {
    throw new Error(`unlock of ${user.email}: ${result.status} ${result.raw.toString('utf8').slice(0, 200)}`);
  }
  return result.ms;
}

export async function measureUnlock(
  baseUrl: string,
  pid: number,
  one: BenchUser,
  burst: BenchUser[],
  runs = 9,
): Promise<Row[]> {
  // The first unlock of an account may re-wrap its key: warm up once.
  await unlock(baseUrl, one);
  const single: number[] = [];
  for (let i = 0; i < runs; i += 1) single.push(await unlock(baseUrl, one));

  await Promise.all(burst.map((user) => unlock(baseUrl, user))); // re-wraps, if any, out of the way
  await sleep(500);
  const sampler = sampleMemory(pid, 20);
  const started = performance.now();
  const latencies = await Promise.all(burst.map((user) => unlock(baseUrl, user)));
  const burstMs = performance.now() - started;
  await sleep(300);
  const samples = sampler.stop();
  return [
    {
      id: 'unlock.single',
      section: SECTION,
      label: 'one unlock, request round trip',
      value: round(median(single)),
      unit: 'ms',
      target: { op: '<=', value: 500 },
      note: `median of ${runs}, one at a time`,
    },
    {
      id: 'unlock.burstPeak',
      section: SECTION,
      label: `server peak memory during ${burst.length} concurrent unlocks`,
      value: mb(Math.max(...samples)),
      unit: 'MB',
      digits: 1,
      target: { op: '<', value: 500 },
      note:
        `${samples.length} samples every 20 ms; all done in ${burstMs.toFixed(0)} ms, ` +
        `p50 ${percentile(latencies, 50).toFixed(0)} / max ${Math.max(...latencies).toFixed(0)} ms`,
    },
  ];
}
