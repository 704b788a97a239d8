// 5. Sign-in latency next to the raw Argon2id time of the same parameters.
// The server's sign-in: per-IP and per-account limits, one user SELECT, one Argon2id verify, a session
// INSERT, and (Security Alerts on, the default) a sign-in alert mail sent after the answer.
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import { ACCOUNT_HASH_PARAMS } from '../server/crypto/argon';
import type { TestSmtpServer } from '../server/test/smtpServer';
import { expectStatus } from './lib/http';
import { readCpuMs, sleep } from './lib/processes';
import { median, percentile, type Row } from './lib/results';
import { signIn, type BenchUser } from './lib/users';

const SECTION = 'Sign-in';
// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read).
const ARGON2ID = 2;
const PASSWORD = 'Harbour7!Lantern';

/** A stored hash with ACCOUNT_HASH_PARAMS, and a timer of one verify of it (run in this process's thread pool). */
async function argonTimer(): Promise<() => Promise<{ ms: number; cpuMs: number }>> {
  const stored = await hash(PASSWORD, {
    algorithm: ARGON2ID,
    memoryCost: ACCOUNT_HASH_PARAMS.memoryKib,
    timeCost: ACCOUNT_HASH_PARAMS.iterations,
    parallelism: ACCOUNT_HASH_PARAMS.parallelism,
  });
  await verify(stored, PASSWORD);
  return async () => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    if (!(await verify(stored, PASSWORD))) throw new Error('Argon2id verify failed');
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
}

const mailsTo = (smtp: TestSmtpServer, email: string) =>
  smtp.mails.filter((mail) => mail.to.includes(email)).length;

/** Resolves once `email` has received more than `count` mails. */
async function mailArrived(smtp: TestSmtpServer, email: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (mailsTo(smtp, email) <= count) {
    if (Date.now() > deadline) throw new Error(`no security alert mail reached ${email}`);
    await sleep(2);
  }
}

/**
 * `runs` rounds, one thing at a time: a raw Argon2id verify here, a sign-in with alerts on, a sign-in
 * with alerts off. Taking turns puts the noise of the rest of the machine on all three alike. The
 * sign-in after an alert waits until that alert's mail arrived: a person signs in once, so the mail
 * (sent after the answer) must not overlap the next sign-in.
 */
export async function measureSignIn(
  baseUrl: string,
  smtp: TestSmtpServer,
  withAlerts: BenchUser,
  withoutAlerts: BenchUser,
  runs: number,
  serverPid: number,
): Promise<Row[]> {
  await expectStatus(200, baseUrl, '/api/user/settings', {
    method: 'PUT',
    token: withoutAlerts.token,
    localAddress: withoutAlerts.address,
    body: { securityAlerts: false },
  });
  const argonOnce = await argonTimer();
  const argon: number[] = [];
  const on: number[] = [];
  const off: number[] = [];
  // CPU time is immune to waiting for the other processes of a busy machine: the server's per sign-in
  // (alerts off: nothing runs after the answer) next to this process's per Argon2id verify.
  let serverCpuMs = 0;
  let argonCpuMs = 0;
  // Round 0 is a warm-up: the first use of the code paths.
  for (let round = 0; round <= runs; round += 1) {
    const argonRun = await argonOnce();
    const mailsBefore = mailsTo(smtp, withAlerts.email);
    const alerted = await signIn(baseUrl, withAlerts);
    await mailArrived(smtp, withAlerts.email, mailsBefore);
    const cpuBefore = readCpuMs(serverPid);
    const quiet = await signIn(baseUrl, withoutAlerts);
    const cpuMs = readCpuMs(serverPid) - cpuBefore;
    if (round === 0) continue;
    serverCpuMs += cpuMs;
    argonCpuMs += argonRun.cpuMs;
    argon.push(argonRun.ms);
    on.push(alerted.ms);
    off.push(quiet.ms);
  }
  const argonMs = median(argon);
  const spread = (values: number[]) =>
    `p10 ${percentile(values, 10).toFixed(1)}, p90 ${percentile(values, 90).toFixed(1)} ms`;
  return [
    {
      id: 'signin.latency',
      section: SECTION,
      label: 'sign-in round trip (Security Alerts on, the default)',
      value: median(on),
      unit: 'ms',
      digits: 1,
      note: `median of ${runs}; ${spread(on)}`,
      detail: on,
    },
    {
      id: 'signin.latencyNoAlert',
      section: SECTION,
      label: 'sign-in round trip (Security Alerts off)',
      value: median(off),
      unit: 'ms',
      digits: 1,
      note: `median of ${runs}; ${spread(off)}`,
      detail: off,
    },
    {
      id: 'signin.argon',
      section: SECTION,
      label: `Argon2id verify, m=${ACCOUNT_HASH_PARAMS.memoryKib} KiB t=${ACCOUNT_HASH_PARAMS.iterations} p=${ACCOUNT_HASH_PARAMS.parallelism}`,
      value: argonMs,
      unit: 'ms',
      digits: 1,
      note: `in the bench process, taking turns with the sign-ins; ${spread(argon)}`,
      detail: argon,
    },
    {
      id: 'signin.overhead',
      section: SECTION,
      label: 'sign-in minus Argon2id (alerts on)',
      value: median(on) - argonMs,
      unit: 'ms',
      digits: 1,
      target: { op: '<=', value: 10 },
      note: `alerts off: ${(median(off) - argonMs).toFixed(1)} ms; p10s: ${(percentile(on, 10) - percentile(argon, 10)).toFixed(1)} ms`,
    },
    {
      id: 'signin.cpu',
      section: SECTION,
      label: 'server CPU per sign-in (alerts off)',
      value: serverCpuMs / runs,
      unit: 'ms',
      digits: 1,
      note: `Argon2id verify CPU here: ${(argonCpuMs / runs).toFixed(1)} ms; /proc ticks of 10 ms, averaged over ${runs}`,
    },
  ];
}
