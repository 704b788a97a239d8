// `npm run bench`: builds the browser app, starts the real server (server/main.ts) on a temporary SQLite
// database with a local SMTP server for the registration codes, fills vaults of 100, 10,000 and 100,000
// entries through the import API, measures, then does the same for the large vault on a second server on
// PostgreSQL (a fresh schema, dropped at the end) when PostgreSQL answers; prints a table and writes
// bench/results/latest.json. Exit code 0 even when a target is missed (it is a report); 1 when a
// measurement broke.
//
// Options (arguments or environment):
//   --only=size,ui,list,transfer,signin,memory,unlock,pg   run only these sections (BENCH_ONLY)
//   --profile        run the SQLite server under --cpu-prof and print where the list endpoint's time goes,
//                    and profile a returning user's /passwords load and a search keystroke in Chromium
//                    (BENCH_PROFILE=1); the profiles are kept in bench/results/profile/
//   --skip-build     serve the existing dist/ instead of building (quicker while iterating)
//   --keep           keep the temporary folder (database, server log) and the PostgreSQL schema for a
//                    look afterwards
//   BENCH_SIZES (100,10000,100000: the vaults of the UI section; the largest is also the vault of the
//   transfer, list and pg sections, filled in BENCH_IMPORT_PARTS (5) uploads), BENCH_HEAP_ENTRIES (1000),
//   BENCH_EXPORT_RUNS (3), BENCH_BURST (100), BENCH_UI_RUNS (5), BENCH_LOAD_SECONDS (5),
//   BENCH_CONNECTIONS (20), BENCH_LOG_LEVEL (info, the server's default), BENCH_MINIFY (0: the app built
//   unminified, for readable profiles), BENCH_LATENCY_MS (0: latency Chromium adds to each request), BENCH_DATABASE_URL (else
//   DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the pg section is skipped when it does
//   not answer)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser } from '@playwright/test';
import { LIST_WINDOW_SIZE } from '../src/common/limits';
import { startSmtpServer, type TestSmtpServer } from '../server/test/smtpServer';
import { buildApp } from './build';
import { measureBundles } from './bundleSize';
import { launchChromium } from './lib/browser';
import { calibrate, describeCalibration } from './lib/calibration';
import { clientAddress, mapLimit } from './lib/http';
import { freshSchema, postgresAnswers, postgresUrl, redacted } from './lib/postgres';
import {
  buildServer,
  freePort,
  onCleanup,
  readMemory,
  ROOT,
  runCleanups,
  SERVER_BUILD_DIR,
  spawnNode,
  waitForHttp,
  type NodeChild,
} from './lib/processes';
import { renderProfile, summariseProfile } from './lib/profile';
import { renderTrace, summariseTrace } from './lib/trace';
import { judge, renderTable, type Row } from './lib/results';
import { fillVault, newUser, registerUser, type BenchUser } from './lib/users';
import { measureListAfterWrite, type ListLoadOptions } from './listThroughput';
import { measureIdleMemory, measureSignInBurst, peakOfRun } from './memory';
import { measureSignIn } from './signIn';
import { fillMeasured, importRows, measureExport, measureReimport, unlockMs } from './transfer';
import { measureUnlock } from './unlock';
import { LATENCY_MS, measureVaultUi, profilePasswordsPage } from './vaultUi';
import { groupThousands } from '../src/common/numbers';

const SECTIONS = ['size', 'ui', 'list', 'transfer', 'signin', 'memory', 'unlock', 'pg'] as const;
type Section = (typeof SECTIONS)[number];

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const sizesEnv = (name: string, fallback: number[]) => {
  const sizes = (process.env[name] ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(sizes.length > 0 ? sizes : fallback)].sort((a, b) => a - b);
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
  sizes: sizesEnv('BENCH_SIZES', [100, 10_000, 100_000]),
  importParts: numberEnv('BENCH_IMPORT_PARTS', 5),
  heapEntries: numberEnv('BENCH_HEAP_ENTRIES', 1000),
  exportRuns: numberEnv('BENCH_EXPORT_RUNS', 3),
  burst: numberEnv('BENCH_BURST', 100),
  uiRuns: numberEnv('BENCH_UI_RUNS', 5),
  loadSeconds: numberEnv('BENCH_LOAD_SECONDS', 5),
  connections: numberEnv('BENCH_CONNECTIONS', 20),
  logLevel: process.env.BENCH_LOG_LEVEL || 'info',
  latencyMs: LATENCY_MS,
  pgUrl: postgresUrl(),
};
for (const name of settings.only) {
  if (!(SECTIONS as readonly string[]).includes(name)) {
    process.stderr.write(`unknown section "${name}" (sections: ${SECTIONS.join(', ')})\n`);
    process.exit(2);
  }
}
const wants = (section: Section) => settings.only.has(section);
/** The vault of the transfer, list and pg sections, and the one the targets of the issue are set for. */
const BIG = settings.sizes[settings.sizes.length - 1];
/** Most entries one upload of the fills carries (5 uploads of 20,000 for the big vault). */
const UPLOAD_ENTRIES = Math.ceil(BIG / settings.importParts);

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

/** The servers, for their last log lines when the run fails (their logs go with the temporary folder). */
const serversForLogs: NodeChild[] = [];

interface Server {
  node: NodeChild;
  baseUrl: string;
}

/** The real server in its own process, on SQLite in `dataDir` or on PostgreSQL at `databaseUrl`. */
async function startServer(options: {
  name: string;
  tmp: string;
  staticDir: string;
  smtp: TestSmtpServer;
  databaseUrl?: string;
  nodeArgs?: string[];
  /** The SQLite data folder of another server (a second process on the same database). */
  dataOf?: string;
  env?: Record<string, string>;
}): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const node = spawnNode(path.join(SERVER_BUILD_DIR, 'server', 'main.js'), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(options.tmp, `data-${options.dataOf ?? options.name}`),
      STATIC_DIR: options.staticDir,
      SMTP_URL: options.smtp.url,
      DATABASE_URL: options.databaseUrl ?? '',
      REDIS_URL: '',
      BASE_PATH: '',
      TRUST_PROXY: '',
      LOG_LEVEL: settings.logLevel,
      ...options.env,
    },
    logFile: path.join(options.tmp, `server-${options.name}.log`),
    nodeArgs: options.nodeArgs ?? [],
  });
  serversForLogs.push(node);
  await waitForHttp(`${baseUrl}/api/health`, node);
  step(`${options.name} server (pid ${node.pid}) at ${baseUrl}, log level ${settings.logLevel}`);
  return { node, baseUrl };
}

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
      for (const server of serversForLogs) {
        process.stderr.write(`server log (${server.logFile}), last lines:\n${server.logTail(10)}\n`);
      }
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
  step(`temporary folder ${tmp}; vault sizes ${settings.sizes.map(groupThousands).join(', ')}`);

  // At rest, before anything of the run: how fast this machine is, for comparing runs across machines.
  const calibration = calibrate();
  step(describeCalibration(calibration));

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

  step('compiling the server (build/serverBuild.mjs)...');
  buildServer();

  // ---- Server on SQLite ----
  const smtp = await startSmtpServer();
  onCleanup(() => smtp.close());
  const profileDir = path.join(RESULTS_DIR, 'profile');
  if (settings.profile) fs.rmSync(profileDir, { recursive: true, force: true });
  const { node: server, baseUrl } = await startServer({
    name: 'sqlite',
    tmp,
    staticDir,
    smtp,
    nodeArgs: settings.profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  });

  if (wants('memory')) await section('memory, idle', () => measureIdleMemory(server.pid));

  // ---- Accounts: registered through the API, codes read from the mail ----
  // One vault owner per size (the sizes' order), then the two sign-in users; the memory and unlock
  // bursts use the first `burst` users, whoever they are.
  const owners = settings.sizes.map((_, i) => i);
  const roles = { signInAlerts: owners.length, signInQuiet: owners.length + 1 };
  const userCount = Math.max(owners.length + 2, wants('memory') || wants('unlock') ? settings.burst : 0);
  step(`registering ${userCount} users (codes from the SMTP server)...`);
  const users: BenchUser[] = await mapLimit(
    Array.from({ length: userCount }, (_, i) => i),
    4,
    (i) => registerUser(baseUrl, smtp, newUser(i, clientAddress(i))),
  );
  step('users registered');
  const ownerOf = (size: number) => users[owners[settings.sizes.indexOf(size)]];

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

  // ---- Vaults, filled through the import API ----
  const filled = new Set<number>();
  /** Fills the vault of `size` (once), in uploads of at most UPLOAD_ENTRIES. */
  const fill = async (size: number) => {
    if (filled.has(size)) return;
    const parts = Math.ceil(size / UPLOAD_ENTRIES);
    step(`importing ${groupThousands(size)} entries in ${parts} upload(s)...`);
    const result = await fillVault(baseUrl, ownerOf(size), size, parts);
    step(`imported in ${(result.uploadsMs.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`);
    filled.add(size);
  };

  const transferSection = `Import / export, ${groupThousands(BIG)} entries (SQLite)`;
  if (wants('transfer')) {
    await section('import / export', async () => {
      const owner = ownerOf(BIG);
      const unlock = await unlockMs(baseUrl, owner);
      const fillResult = await fillMeasured(baseUrl, server.pid, owner, BIG, settings.importParts);
      filled.add(BIG);
      return [
        ...importRows(fillResult, unlock, transferSection),
        ...(await measureExport(
          baseUrl,
          server.pid,
          owner,
          BIG,
          settings.exportRuns,
          unlock,
          transferSection,
        )),
        ...(await measureReimport(baseUrl, owner, UPLOAD_ENTRIES, unlock, transferSection)),
      ];
    });
  }

  const listOptions: ListLoadOptions = {
    connections: settings.connections,
    durationMs: settings.loadSeconds * 1000,
    rounds: 4,
    // The bare route's process starts cold: its JIT needs a moment.
    warmupMs: 2000,
    windowSize: LIST_WINDOW_SIZE,
  };
  let profileWindows: [number, number][] = [];
  if (wants('list')) {
    await section('list after a write', async () => {
      await fill(BIG);
      const result = await measureListAfterWrite(baseUrl, ownerOf(BIG), tmp, listOptions, {
        section: `GET /api/passwords right after a write, ${groupThousands(BIG)} entries (SQLite)`,
        idPrefix: 'list',
      });
      profileWindows = result.apiWindowsUs;
      // The same reads from a second process on the same database that keeps no windows (LIST_CACHE_MB=0):
      // what every window costs read from SQLite, as a window the cache does not hold does.
      const uncached = await startServer({
        name: 'sqlite-uncached',
        dataOf: 'sqlite',
        tmp,
        staticDir,
        smtp,
        env: { LIST_CACHE_MB: '0' },
      });
      try {
        const database = await measureListAfterWrite(uncached.baseUrl, ownerOf(BIG), tmp, listOptions, {
          section: `GET /api/passwords right after a write, ${groupThousands(BIG)} entries (SQLite), LIST_CACHE_MB=0: every window from the database`,
          idPrefix: 'list.database',
          judged: false,
        });
        return [...result.rows, ...database.rows];
      } finally {
        await uncached.node.stop();
      }
    });
  }

  let browserProfileText: string | undefined;
  // Launched inside the sections, so a failure there still prints the table.
  let browser: Browser | undefined;
  const chromium = async () => (browser ??= await launchChromium());
  if (wants('ui')) {
    const firstCards = new Map<number, number>();
    for (const size of settings.sizes) {
      await section(`vault UI, ${groupThousands(size)} entries`, async () => {
        await fill(size);
        const result = await measureVaultUi(baseUrl, ownerOf(size).token, {
          entries: size,
          runs: settings.uiRuns,
          section: `Vault UI, ${groupThousands(size)} entries (Chromium, SQLite)`,
          idPrefix: `ui.${size}`,
          targets: size === BIG,
          dashboard: true,
          // Scrolling N entries needs a vault of more than N (a short BENCH_SIZES run skips it).
          heapEntries: size === BIG && size > settings.heapEntries ? settings.heapEntries : 0,
        });
        firstCards.set(size, result.firstCardsMs);
        return result.rows;
      });
    }
    const smallest = settings.sizes[0];
    if (settings.sizes.length > 1 && firstCards.has(BIG) && firstCards.has(smallest)) {
      const big = firstCards.get(BIG) as number;
      const small = firstCards.get(smallest) as number;
      rows.push({
        id: 'ui.firstCardsRatio',
        section: `Vault UI, ${groupThousands(BIG)} entries (Chromium, SQLite)`,
        label: `/passwords first cards, ${groupThousands(BIG)} / ${groupThousands(smallest)} entries`,
        value: big / small,
        unit: 'x',
        digits: 2,
        target: { op: '<=', value: 1.3 },
        note: `medians ${big.toFixed(0)} / ${small.toFixed(0)} ms`,
      });
    }
    if (settings.profile) {
      const files = {
        load: path.join(profileDir, 'browser-passwords-load.cpuprofile'),
        search: path.join(profileDir, 'browser-passwords-search.cpuprofile'),
        trace: path.join(profileDir, 'browser-passwords-load.trace.json'),
        searchTrace: path.join(profileDir, 'browser-passwords-search.trace.json'),
      };
      try {
        await profilePasswordsPage(baseUrl, ownerOf(BIG).token, files);
        browserProfileText = [
          renderProfile(
            summariseProfile(files.load),
            `Chromium CPU profile, a returning user's /passwords load (the fourth in its browser profile) of ${groupThousands(BIG)} entries until the first cards`,
          ),
          `(profile: ${path.relative(ROOT, files.load)})`,
          renderTrace(
            summariseTrace(files.trace),
            `Chromium trace, a returning user's /passwords load (the third) of ${groupThousands(BIG)} entries until the first cards`,
          ),
          `(trace: ${path.relative(ROOT, files.trace)}; chrome://tracing or DevTools' Performance panel open it)`,
          renderProfile(
            summariseProfile(files.search),
            `Chromium CPU profile, a search keystroke in ${groupThousands(BIG)} entries until the list is painted`,
          ),
          `(profile: ${path.relative(ROOT, files.search)})`,
          renderTrace(
            summariseTrace(files.searchTrace),
            `Chromium trace, a search keystroke in ${groupThousands(BIG)} entries until the list is painted`,
          ),
          `(trace: ${path.relative(ROOT, files.searchTrace)})`,
        ].join('\n');
      } catch (error) {
        process.stderr.write(`the browser profile failed: ${(error as Error).message}\n`);
      }
    }
  }
  if (wants('size')) {
    await section('bundle sizes', async () => {
      const size = settings.sizes.find((s) => filled.has(s)) ?? settings.sizes[0];
      await fill(size);
      return measureBundles(await chromium(), baseUrl, ownerOf(size).token);
    });
  }

  if (wants('memory')) rows.push(peakOfRun(server.pid));
  const memoryAtEnd = readMemory(server.pid);
  await server.stop();
  step(`SQLite server stopped (last RSS ${(memoryAtEnd.rssKib / 1024).toFixed(0)} MiB)`);

  // ---- The large vault on PostgreSQL ----
  if (wants('pg')) {
    const pgSection = (what: string) => `PostgreSQL: ${what}, ${groupThousands(BIG)} entries`;
    const reachable = await postgresAnswers(settings.pgUrl);
    if (!reachable.ok) {
      step(`PostgreSQL at ${redacted(settings.pgUrl)} does not answer: skipped`);
      rows.push({
        id: 'pg.skipped',
        section: 'PostgreSQL',
        label: 'PostgreSQL rows',
        value: null,
        unit: '',
        skipped: true,
        note: `skipped: no PostgreSQL at ${redacted(settings.pgUrl)} (${reachable.why ?? '?'}); set BENCH_DATABASE_URL`,
      });
    } else {
      await section('PostgreSQL', async () => {
        const schema = await freshSchema(settings.pgUrl, settings.keep);
        step(`PostgreSQL at ${redacted(settings.pgUrl)}, schema ${schema.schema}`);
        const pgServer = await startServer({
          name: 'postgres',
          tmp,
          staticDir,
          smtp,
          databaseUrl: schema.url,
        });
        const pgRows: Row[] = [];
        try {
          const owner = await registerUser(pgServer.baseUrl, smtp, newUser(1000, clientAddress(1000)));
          const sub = async (name: string, work: () => Promise<Row[]>) => {
            // Each part on its own: one failing still leaves the others' rows.
            try {
              pgRows.push(...(await work()));
            } catch (error) {
              broke = true;
              process.stderr.write(`PostgreSQL ${name} failed: ${(error as Error).stack ?? String(error)}\n`);
              process.stderr.write(`server log, last lines:\n${pgServer.node.logTail(10)}\n`);
              pgRows.push({
                id: `error.pg.${name}`,
                section: pgSection(name),
                label: 'failed',
                value: null,
                unit: '',
                note: (error as Error).message.split('\n')[0],
              });
            }
          };
          const unlock = await unlockMs(pgServer.baseUrl, owner);
          const fillResult = await fillMeasured(
            pgServer.baseUrl,
            pgServer.node.pid,
            owner,
            BIG,
            settings.importParts,
          );
          step('PostgreSQL: vault filled');
          const transfer = pgSection('import / export');
          pgRows.push(...importRows(fillResult, unlock, transfer, 'pg.transfer'));
          await sub('export', () =>
            measureExport(
              pgServer.baseUrl,
              pgServer.node.pid,
              owner,
              BIG,
              settings.exportRuns,
              unlock,
              transfer,
              'pg.transfer',
            ),
          );
          await sub('re-import', () =>
            measureReimport(pgServer.baseUrl, owner, UPLOAD_ENTRIES, unlock, transfer, 'pg.transfer'),
          );
          step('PostgreSQL: list after a write...');
          await sub('list', async () => {
            const result = await measureListAfterWrite(pgServer.baseUrl, owner, tmp, listOptions, {
              section: pgSection('GET /api/passwords right after a write'),
              idPrefix: 'pg.list',
            });
            return result.rows;
          });
          step('PostgreSQL: vault UI...');
          await sub('vault UI', async () => {
            const result = await measureVaultUi(pgServer.baseUrl, owner.token, {
              entries: BIG,
              runs: settings.uiRuns,
              section: pgSection('vault UI (Chromium)'),
              idPrefix: 'pg.ui',
              targets: true,
              dashboard: true,
              heapEntries: 0,
            });
            return result.rows;
          });
        } finally {
          await pgServer.node.stop();
          await schema.drop();
        }
        return pgRows;
      });
    }
  }
  await browser?.close();

  let profileText: string | undefined;
  if (settings.profile) {
    // The main thread's profile is the largest (each worker thread writes one too).
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
      const parts = [renderProfile(summariseProfile(full), 'Server CPU profile (SQLite), whole run')];
      if (profileWindows.length > 0) {
        parts.unshift(
          renderProfile(
            summariseProfile(full, profileWindows),
            'Server CPU profile (SQLite), GET /api/passwords read phases',
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
  const unminified =
    (process.env.BENCH_MINIFY === '0' ? " (app built unminified: not the product's figures)" : '') +
    (LATENCY_MS > 0 ? ` (browser requests with ${LATENCY_MS} ms of added latency)` : '');
  process.stdout.write(`\nPassVault bench, ${new Date().toISOString()}, ${gitDescription()}${unminified}\n`);
  process.stdout.write(
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ` +
      `Node ${process.version}, ${seconds.toFixed(0)} s\n${describeCalibration(calibration)}\n\n`,
  );
  process.stdout.write(`${table}\n`);
  const misses = judged.filter((r) => r.verdict === 'miss');
  const passes = judged.filter((r) => r.verdict === 'pass');
  const straddled = judged.filter((r) => r.straddles);
  process.stdout.write(
    `\n${passes.length} targets met, ${misses.length} missed${broke ? ', SOME MEASUREMENTS FAILED' : ''}\n`,
  );
  if (straddled.length > 0) {
    process.stdout.write(
      `The runs of ${straddled.length} figure(s) straddle their target, so the machine's noise decides ` +
        `their verdict (NOISY in the note): ${straddled.map((r) => r.id).join(', ')}\n`,
    );
  }
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
      ...calibration,
    },
    settings: { ...settings, only: [...settings.only], pgUrl: redacted(settings.pgUrl) },
    durationSeconds: seconds,
    rows: judged,
    summary: {
      passed: passes.length,
      missed: misses.map((r) => r.id),
      straddled: straddled.map((r) => r.id),
      broke,
    },
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
    for (const server of serversForLogs) {
      process.stderr.write(`last lines of ${server.logFile}:\n${server.logTail(30)}\n`);
    }
    await runCleanups();
    process.exit(1);
  });
