// Child processes (the real server, the bare route), free ports, resident memory and clean-up that also
// runs when the bench fails or is interrupted.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
/** The server compiled as `npm start` runs it (build/serverBuild.mjs), in a folder of the bench's own. */
export const SERVER_BUILD_DIR = path.join(ROOT, 'bench', 'results', 'server');

/** Compiles the server into SERVER_BUILD_DIR (~0.3 s); a file that does not compile stops the bench. */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'build', 'serverBuild.mjs'), SERVER_BUILD_DIR], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The bench's port range; other helpers use 3210/3230/3240/3299/3410. */
const PORT_RANGE = { from: 3500, to: 3599 } as const;
const taken = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port of 3500-3599 that nothing listens on (and that this run has not handed out yet). */
export async function freePort(): Promise<number> {
  for (let port = PORT_RANGE.from; port <= PORT_RANGE.to; port += 1) {
    if (taken.has(port)) continue;
    if (await canListen(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
}

// ---- Clean-up ----

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];

/** Runs at the end, last registered first, whatever happened. */
export function onCleanup(fn: Cleanup): void {
  cleanups.push(fn);
}

export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn?.();
    } catch (error) {
      process.stderr.write(`clean-up step failed: ${(error as Error).message}\n`);
    }
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping the bench and cleaning up...\n`);
    void runCleanups().finally(() => process.exit(130));
  });
}

// ---- Node children ----

export interface NodeChild {
  child: ChildProcess;
  pid: number;
  logFile: string;
  /** The last lines of its log, for error messages. */
  logTail(lines?: number): string;
  stop(): Promise<void>;
}

/**
 * `node [nodeArgs] [--import tsx] script`: one process (unlike the tsx CLI, which forks), so its pid is
 * the server's own and /proc/<pid>/status is its memory.
 */
export function spawnNode(
  script: string,
  options: { env: NodeJS.ProcessEnv; logFile: string; nodeArgs?: string[] },
): NodeChild {
  const log = fs.openSync(options.logFile, 'a');
  // TypeScript (the bench's own helpers) under tsx; the compiled server on node alone.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, script], {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const handle: NodeChild = {
    child,
    pid: child.pid,
    logFile: options.logFile,
    logTail(lines = 20) {
      try {
        return fs.readFileSync(options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
  onCleanup(() => handle.stop());
  return handle;
}

/** Polls `url` until it answers 2xx; fails early when the child exits. */
export async function waitForHttp(url: string, node: NodeChild, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) {
      throw new Error(`${url}: the process exited with code ${node.child.exitCode}\n${node.logTail()}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms\n${node.logTail()}`);
}

// ---- Memory ----

export interface MemoryReading {
  /** Resident set size now, in KiB. */
  rssKib: number;
  /** The peak resident set size since the process started (VmHWM), in KiB. */
  peakKib: number;
}

export function readMemory(pid: number): MemoryReading {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(match[1]);
  };
  return { rssKib: field('VmRSS'), peakKib: field('VmHWM') };
}

/** Samples VmRSS every `everyMs` until stopped; answers the samples in KiB. */
export function sampleMemory(pid: number, everyMs = 20): { stop(): number[] } {
  const samples: number[] = [readMemory(pid).rssKib];
  const timer = setInterval(() => {
    try {
      samples.push(readMemory(pid).rssKib);
    } catch {
      // the process is gone: the caller finds out on its own
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(readMemory(pid).rssKib);
      return samples;
    },
  };
}

let ticksPerSecond: number | undefined;

/** CPU time (user + system, all threads) the process has used so far, in ms (10 ms resolution). */
export function readCpuMs(pid: number): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (in parentheses, which may hold spaces): state is the 3rd field.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) / ticksPerSecond) * 1000;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
