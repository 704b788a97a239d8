// `npm run bench`: builds the browser app, starts the real server (server/main.ts) on a temporary SQLite
// database with a local SMTP server for the registration codes, measures, prints a table and writes
// bench/results/latest.json. Exit code 0 even when a target is missed (it is a report); 1 when a
// measurement broke.
//
// Options (arguments or environment):
//   --only=size,ui,list,transfer,signin,memory,unlock   run only these sections (BENCH_ONLY)
//   --profile        run the server under --cpu-prof and print where the list endpoint's time goes,
//                    and profile one more cold /passwords load in Chromium (BENCH_PROFILE=1); the
//                    profiles are kept in bench/results/profile/
//   --skip-build     serve the existing dist/ instead of building (quicker while iterating)
//   --keep           keep the temporary folder (database, server log) for a look afterwards
//   BENCH_ENTRIES (10000), BENCH_LIST_ENTRIES (1000), BENCH_BURST (100), BENCH_UI_RUNS (3),
//   BENCH_LOAD_SECONDS (5), BENCH_CONNECTIONS (20), BENCH_LOG_LEVEL (info, the server's default)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSmtpServer } from '../server/test/smtpServer';
import { buildApp } from './build';
import { measureBundles } from './bundleSize';
import type { Browser } from '@playwright/test';
import { launchChromium } from './lib/browser';
import { clientAddress, mapLimit } from './lib/http';
import {
  freePort,
  onCleanup,
  readMemory,
  ROOT,
  runCleanups,
  spawnNode,
  waitForHttp,
  type NodeChild,
} from './lib/processes';
import { renderProfile, summariseProfile } from './lib/profile';
import { judge, renderTable, type Row } from './lib/results';
import { importVault, newUser, registerUser, vaultFile, type BenchUser } from './lib/users';
import { measureListThroughput } from './listThroughput';
import { measureIdleMemory, measureSignInBurst, peakOfRun } from './memory';
import { measureArgon, measureSignIn } from './signIn';
import { measureTransfer } from './transfer';
import { measureUnlock } from './unlock';
import { measureVaultUi, profilePasswordsLoad } from './vaultUi';

const SECTIONS = ['size', 'ui', 'list', 'transfer', 'signin', 'memory', 'unlock'] as const;
type Section = (typeof SECTIONS)[number];

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const settings = {
  only: new Set(
    (option('only') ?? process.env.BENCH_ONLY ?? SECTIONS.join(','))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
  profile: flag('profile') || process.env.BENCH_PROFILE === '1',
  skipBuild: flag('skip-build'),
  keep: flag('keep'),
  entries: numberEnv('BENCH_ENTRIES', 10_000),
  listEntries: numberEnv('BENCH_LIST_ENTRIES', 1000),
  burst: numberEnv('BENCH_BURST', 100),
  uiRuns: numberEnv('BENCH_UI_RUNS', 3),
  loadSeconds: numberEnv('BENCH_LOAD_SECONDS', 5),
  connections: numberEnv('BENCH_CONNECTIONS', 20),
  logLevel: process.env.BENCH_LOG_LEVEL || 'info',
};
for (const name of settings.only) {
  if (!(SECTIONS as readonly string[]).includes(name)) {
    process.stderr.write(`unknown section "${name}" (sections: ${SECTIONS.join(', ')})\n`);
    process.exit(2);
  }
}
const wants = (section: Section) => settings.only.has(section);

const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const runStarted = performance.now();
const step = (message: string) =>
  process.stdout.write(
    `[${((performance.now() - runStarted) / 1000).toFixed(1).padStart(5)} s] ${message}\n`,
  );

function gitDescription(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim() !== '';
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

/** The server, for its last log lines when the run fails (its log goes with the temporary folder). */
let serverForLogs: NodeChild | undefined;

async function main(): Promise<boolean> {
  const rows: Row[] = [];
  let broke = false;
  /** Runs one section; a failure becomes an error row and the run goes on. */
  const section = async (name: string, work: () => Promise<Row[] | Row>) => {
    const started = performance.now();
    step(`${name}...`);
    try {
      const result = await work();
      rows.push(...(Array.isArray(result) ? result : [result]));
      step(`${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      broke = true;
      const message = (error as Error).message ?? String(error);
      process.stderr.write(`${name} failed: ${(error as Error).stack ?? message}\n`);
      if (serverForLogs) process.stderr.write(`server log, last lines:\n${serverForLogs.logTail(10)}\n`);
      rows.push({
        id: `error.${name}`,
        section: name,
        label: 'failed',
        value: null,
        unit: '',
        note: message.split('\n')[0],
      });
    }
  };

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-bench-'));
  onCleanup(() => {
    if (settings.keep) process.stdout.write(`kept ${tmp}\n`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  });
  step(`temporary folder ${tmp}`);

  // ---- Build ----
  let staticDir = path.join(ROOT, 'dist');
  if (!settings.skipBuild) {
    staticDir = path.join(tmp, 'dist');
    step('building the browser app (vite build)...');
    const { ms } = await buildApp(staticDir);
    step(`built in ${(ms / 1000).toFixed(1)} s`);
    rows.push({
      id: 'build.ms',
      section: 'Build',
      label: 'vite build',
      value: ms / 1000,
      unit: 's',
      digits: 1,
    });
  } else if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('--skip-build needs a built dist/ (npm run build)');
  }

  // ---- Argon2id in this process, before the server starts (nothing else of ours runs) ----
  const argon = await measureArgon(20);
  step(`Argon2id verify: ${argon.medianMs.toFixed(1)} ms (median of 20)`);

  // ---- Server ----
  const smtp = await startSmtpServer();
  onCleanup(() => smtp.close());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const profileDir = path.join(RESULTS_DIR, 'profile');
  if (settings.profile) fs.rmSync(profileDir, { recursive: true, force: true });
  const server = spawnNode(path.join('server', 'main.ts'), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      STATIC_DIR: staticDir,
      SMTP_URL: smtp.url,
      DATABASE_URL: '',
      REDIS_URL: '',
      BASE_PATH: '',
      TRUST_PROXY: '',
      LOG_LEVEL: settings.logLevel,
    },
    logFile: path.join(tmp, 'server.log'),
    nodeArgs: settings.profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  });
  serverForLogs = server;
  await waitForHttp(`${baseUrl}/api/health`, server);
  step(`server (pid ${server.pid}) at ${baseUrl}, log level ${settings.logLevel}`);

  if (wants('memory')) await section('memory, idle', () => measureIdleMemory(server.pid));

  // ---- Accounts: registered through the API, codes read from the mail ----
  const roles = { vault: 0, importers: [0, 1, 2], list: 3, signInAlerts: 4, signInQuiet: 5 };
  const userCount = Math.max(6, wants('memory') || wants('unlock') ? settings.burst : 0);
  step(`registering ${userCount} users (codes from the SMTP server)...`);
  const users: BenchUser[] = await mapLimit(
    Array.from({ length: userCount }, (_, i) => i),
    4,
    (i) => registerUser(baseUrl, smtp, newUser(i, clientAddress(i))),
  );
  step('users registered');

  if (wants('memory')) {
    await section('memory, sign-in burst', () =>
      measureSignInBurst(baseUrl, server.pid, users.slice(0, settings.burst)),
    );
  }
  if (wants('unlock')) {
    await section('unlock', () =>
      measureUnlock(baseUrl, server.pid, users[roles.signInQuiet], users.slice(0, settings.burst)),
    );
  }
  if (wants('signin')) {
    await section('sign-in', () =>
      measureSignIn(baseUrl, smtp, users[roles.signInAlerts], users[roles.signInQuiet], 25, server.pid),
    );
  }

  const bigVault = vaultFile(settings.entries);
  let vaultReady = false;
  if (wants('transfer')) {
    await section('import / export', async () => {
      const result = await measureTransfer(
        baseUrl,
        roles.importers.map((i) => users[i]),
        bigVault,
        settings.entries,
        3,
        argon.medianMs,
      );
      vaultReady = true;
      return result;
    });
  }

  let profileWindows: [number, number][] = [];
  if (wants('list')) {
    await section('list throughput', async () => {
      const owner = users[roles.list];
      const answer = await importVault(baseUrl, owner, vaultFile(settings.listEntries));
      if (answer.imported !== settings.listEntries) throw new Error('the 1,000-entry vault was not imported');
      const result = await measureListThroughput(baseUrl, owner, tmp, {
        connections: settings.connections,
        durationMs: settings.loadSeconds * 1000,
        rounds: 4,
        warmupMs: 1000,
      });
      profileWindows = result.apiWindowsUs;
      return result.rows;
    });
  }

  let browserProfileText: string | undefined;
  if (wants('size') || wants('ui')) {
    const vaultOwner = users[roles.vault];
    // Launched (and the vault filled) inside the sections, so a failure there still prints the table.
    let browser: Browser | undefined;
    const ready = async (): Promise<Browser> => {
      if (!vaultReady) {
        step(`importing ${settings.entries} entries for the browser...`);
        const answer = await importVault(baseUrl, vaultOwner, bigVault);
        if (answer.imported !== settings.entries)
          throw new Error('the vault for the browser was not imported');
        vaultReady = true;
      }
      browser ??= await launchChromium();
      return browser;
    };
    if (wants('size')) {
      await section('bundle sizes', async () => measureBundles(await ready(), baseUrl, vaultOwner.token));
    }
    if (wants('ui')) {
      await section('vault UI', async () =>
        measureVaultUi(await ready(), baseUrl, vaultOwner.token, settings.uiRuns),
      );
      if (settings.profile) {
        const file = path.join(profileDir, 'browser-passwords-load.cpuprofile');
        try {
          await profilePasswordsLoad(await ready(), baseUrl, vaultOwner.token, file);
          browserProfileText = `${renderProfile(summariseProfile(file), 'Chromium CPU profile, cold /passwords load until the first cards')}\n(profile: ${path.relative(ROOT, file)})`;
        } catch (error) {
          process.stderr.write(`the browser profile failed: ${(error as Error).message}\n`);
        }
      }
    }
    await browser?.close();
  }

  if (wants('memory')) rows.push(peakOfRun(server.pid));
  const memoryAtEnd = readMemory(server.pid);
  await server.stop();
  step(`server stopped (last RSS ${(memoryAtEnd.rssKib / 1024).toFixed(0)} MiB)`);

  let profileText: string | undefined;
  if (settings.profile) {
    // The main thread's profile is the largest (tsx's loader thread writes a small one too).
    const file = fs.existsSync(profileDir)
      ? fs
          .readdirSync(profileDir)
          .filter((name) => name.startsWith('CPU.') && name.endsWith('.cpuprofile'))
          .sort(
            (a, b) => fs.statSync(path.join(profileDir, b)).size - fs.statSync(path.join(profileDir, a)).size,
          )[0]
      : undefined;
    if (!file) {
      process.stderr.write('no CPU profile was written\n');
    } else {
      const full = path.join(profileDir, file);
      const parts = [renderProfile(summariseProfile(full), 'Server CPU profile, whole run')];
      if (profileWindows.length > 0) {
        parts.unshift(
          renderProfile(
            summariseProfile(full, profileWindows),
            'Server CPU profile, GET /api/passwords load rounds',
          ),
        );
      }
      profileText = `${parts.join('\n\n')}\n(profile: ${path.relative(ROOT, full)})`;
    }
  }

  // ---- Report ----
  const judged = rows.map(judge);
  const table = renderTable(judged);
  const seconds = (performance.now() - runStarted) / 1000;
  process.stdout.write(`\nPassVault bench, ${new Date().toISOString()}, ${gitDescription()}\n`);
  process.stdout.write(
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ` + `Node ${process.version}, ${seconds.toFixed(0)} s\n\n`,
  );
  process.stdout.write(`${table}\n`);
  const misses = judged.filter((r) => r.verdict === 'miss');
  const passes = judged.filter((r) => r.verdict === 'pass');
  process.stdout.write(
    `\n${passes.length} targets met, ${misses.length} missed${broke ? ', SOME MEASUREMENTS FAILED' : ''}\n`,
  );
  if (profileText) process.stdout.write(`\n${profileText}\n`);
  if (browserProfileText) process.stdout.write(`\n${browserProfileText}\n`);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    commit: gitDescription(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      loadavg: os.loadavg(),
      memoryBytes: os.totalmem(),
      node: process.version,
    },
    settings: { ...settings, only: [...settings.only] },
    durationSeconds: seconds,
    rows: judged,
    summary: { passed: passes.length, missed: misses.map((r) => r.id), broke },
    profile: profileText,
    browserProfile: browserProfileText,
  };
  const output = path.join(RESULTS_DIR, 'latest.json');
  fs.writeFileSync(output, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nWritten to ${path.relative(ROOT, output)}\n`);
  return !broke;
}

main()
  .then(async (ok) => {
    await runCleanups();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    if (serverForLogs) process.stderr.write(`last lines of the server log:\n${serverForLogs.logTail(30)}\n`);
    await runCleanups();
    process.exit(1);
  });
