// 6. The server's resident memory (VmRSS of its process): at rest, and its peak while 100 different users
// sign in at the same moment, each from its own loopback address (so no per-IP limit refuses them).
import { performance } from 'node:perf_hooks';
import { readMemory, sampleMemory, sleep } from './lib/processes';
import { percentile, round, type Row } from './lib/results';
import { signIn, type BenchUser } from './lib/users';

const SECTION = 'Server memory (VmRSS)';
/** /proc reports KiB; the table shows MB (10^6 bytes), as the target is written. */
const mb = (kib: number) => round((kib * 1024) / 1e6);

export async function measureIdleMemory(pid: number): Promise<Row> {
  // A moment of rest first: start-up work and its garbage settle.
  await sleep(1000);
  const { rssKib } = readMemory(pid);
  return {
    id: 'memory.idle',
    section: SECTION,
    label: 'idle, after start-up',
    value: mb(rssKib),
    unit: 'MB',
    digits: 1,
  };
}

export async function measureSignInBurst(baseUrl: string, pid: number, users: BenchUser[]): Promise<Row[]> {
  const before = readMemory(pid).rssKib;
  const sampler = sampleMemory(pid, 20);
  const started = performance.now();
  const outcomes = await Promise.allSettled(users.map((user) => signIn(baseUrl, user)));
  const burstMs = performance.now() - started;
  // The sign-in alert mails go out after the answers: keep sampling while they do.
  await sleep(1000);
  const samples = sampler.stop();
  const failed = outcomes.filter((o) => o.status === 'rejected');
  if (failed.length > 0) {
    const reason = (failed[0] as PromiseRejectedResult).reason as Error;
    throw new Error(`${failed.length} of ${users.length} sign-ins failed: ${reason.message}`);
  }
  const latencies = outcomes.map((o) => (o as PromiseFulfilledResult<{ ms: number }>).value.ms);
  return [
    {
      id: 'memory.beforeBurst',
      section: SECTION,
      label: 'before the sign-in burst',
      value: mb(before),
      unit: 'MB',
      digits: 1,
    },
    {
      id: 'memory.burstPeak',
      section: SECTION,
      label: `peak during ${users.length} concurrent sign-ins`,
      value: mb(Math.max(...samples)),
      unit: 'MB',
      digits: 1,
      target: { op: '<', value: 400 },
      note:
        `${samples.length} samples every 20 ms; burst ${burstMs.toFixed(0)} ms, ` +
        `sign-in p50 ${percentile(latencies, 50).toFixed(0)} / max ${Math.max(...latencies).toFixed(0)} ms`,
    },
  ];
}

export function peakOfRun(pid: number): Row {
  return {
    id: 'memory.runPeak',
    section: SECTION,
    label: 'peak over the whole run (VmHWM, imports and exports included)',
    value: mb(readMemory(pid).peakKib),
    unit: 'MB',
    digits: 1,
  };
}
