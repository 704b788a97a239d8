// The server processes of the end-to-end run: its own (globalSetup.ts) and those journeys start besides
// (a second one on the same data, one behind nginx, one with sign-up closed). What they share: the
// environment of a server on this machine that mails the run's SMTP server, waiting for a process to
// answer, and stopping it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_SMTP_PORT } from './env';

/** The server `npm start` compiled in the global setup: started with node alone, one process to stop. */
export const COMPILED_SERVER = path.join('.server-build', 'server', 'main.js');

/**
 * A server's environment on 127.0.0.1:`port` with its data in `dataDir`, mailing the run's SMTP server,
 * on SQLite at the root path unless `settings` say otherwise.
 */
export function serverEnv(
  port: number,
  dataDir: string,
  settings: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: '',
    BASE_PATH: '',
    ...settings,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  };
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Resolves once `url` answers 2xx; throws if `child` exits first (with its log, when there is one) or
 * after `timeoutMs`.
 */
export async function waitForAnswer(
  url: string,
  child: ChildProcess,
  { what, timeoutMs, log }: { what: string; timeoutMs: number; log?: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const logText = log ? `; see ${log}:\n${fs.readFileSync(log, 'utf8')}` : '';
      throw new Error(`${what} exited with code ${child.exitCode}${logText}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms${log ? `; see ${log}` : ''}`);
}

/** Stops `child` (SIGTERM, SIGKILL after 10 s) and resolves once it has exited. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
