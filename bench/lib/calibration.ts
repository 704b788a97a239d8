// How fast this machine is at the two things the figures lean on, measured at the start of a run, so a
// reader can tell a slower machine from slower code: plain JavaScript arithmetic, and memory touched for
// the first time (every new page a process writes costs a fault; on some virtual machines ten times what
// it costs on others, and Chromium, PostgreSQL's backends and the server's buffers all pay it).
import { performance } from 'node:perf_hooks';

export interface Calibration {
  /** A fixed loop of 300 million additions: ms (median of 3). */
  loopMs: number;
  /** Fresh memory written once, page by page: ms per GiB (median of 3 runs of 128 MiB). */
  freshMemoryMsPerGiB: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function loopOnce(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 300_000_000; i += 1) sum += i % 7;
  // The sum is used, so the loop is not optimised away.
  if (sum < 0) throw new Error('unreachable');
  return performance.now() - started;
}

const PAGE = 4096;
const CHUNK = 128 * 1024 * 1024;

function touchOnce(): number {
  const started = performance.now();
  // allocUnsafeSlow: a fresh allocation outside Node's pool, its pages not yet touched.
  const buffer = Buffer.allocUnsafeSlow(CHUNK);
  for (let offset = 0; offset < buffer.length; offset += PAGE) buffer[offset] = 1;
  return ((performance.now() - started) * (1024 * 1024 * 1024)) / CHUNK;
}

export function calibrate(): Calibration {
  return {
    loopMs: median([loopOnce(), loopOnce(), loopOnce()]),
    freshMemoryMsPerGiB: median([touchOnce(), touchOnce(), touchOnce()]),
  };
}

export function describeCalibration(c: Calibration): string {
  return (
    `machine: 300M-step loop ${c.loopMs.toFixed(0)} ms, fresh memory ${c.freshMemoryMsPerGiB.toFixed(0)} ms/GiB ` +
    `first touched (measured at the start)`
  );
}
