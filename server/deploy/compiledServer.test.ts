// The server as `npm start` runs it: compiled to plain JavaScript by build/serverBuild.mjs, on node alone
// (no tsx). It starts, serves the app and the API, and its worker threads load the compiled task modules:
// an import large enough to be sealed on a worker, and its export, come back intact. Real processes and
// a real SMTP server; SQLite (the compiled code is the same on PostgreSQL).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEAL_ON_WORKER_FROM } from '../modules/vault/entries.bulk';
import { startSmtpServer, type TestSmtpServer } from '../test/smtpServer';
import { writeStaticApp, type StaticFixture } from '../test/staticFixture';
import {
  api,
  MASTER_PASSWORD,
  registerUser,
  ROOT,
  startServer,
  type ServerProcess,
} from '../test/serverProcess';
import { describeOnSqlite } from '../test/testDatabase';

/** Enough new entries that the import seals them on a worker thread. */
const ROWS = SEAL_ON_WORKER_FROM + 200;

describeOnSqlite('the compiled server (npm start)', () => {
  jest.setTimeout(120_000);

  // Inside the app's folder, so the compiled files find its node_modules; one folder per test run.
  const outDir = path.join(ROOT, 'node_modules', '.cache', `passvault-server-test-${process.pid}`);
  let dataDir: string;
  let smtp: TestSmtpServer;
  let app: StaticFixture;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'build', 'serverBuild.mjs'), outDir], { cwd: ROOT });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-compiled-'));
    smtp = await startSmtpServer();
    app = writeStaticApp();
    server = await startServer(
      'compiled',
      { DATA_DIR: dataDir, SMTP_URL: smtp.url, STATIC_DIR: app.dir },
      90_000,
      path.join(outDir, 'server', 'main.js'),
    );
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    app?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('holds plain JavaScript only, each module where its source is', () => {
    expect(fs.existsSync(path.join(outDir, 'server', 'main.js'))).toBe(true);
    expect(fs.existsSync(path.join(outDir, 'server', 'workers', 'workerMain.js'))).toBe(true);
    expect(fs.existsSync(path.join(outDir, 'src', 'common', 'limits.js'))).toBe(true);
    const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.endsWith('.ts'))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.test.js'))).toEqual([]);
  });

  it('serves the app and the API', async () => {
    const live = server as ServerProcess;
    const page = await fetch(`${live.baseUrl}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const health = await api<{ status: string }>(live, 'GET', '/api/health');
    expect(health.body.status).toBe('ok');
  });

  it('seals an import and opens its export on worker threads, entry for entry', async () => {
    const live = server as ServerProcess;
    const token = await registerUser(smtp, 'compiled@example.test', live);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      title: `Compiled ${i}`,
      username: `compiled-${i}`,
      password: `C0mpiled!${i}-pass`,
      website: `https://compiled-${i}.example`,
    }));
    const imported = await api<{ data: { imported: number; errors: unknown[] } }>(
      live,
      'POST',
      '/api/utility/import',
      { token, body: { masterPassword: MASTER_PASSWORD, data: JSON.stringify(rows), format: 'json' } },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ imported: ROWS, errors: [] });

    const exported = await api<{ data: string }>(live, 'POST', '/api/utility/export', {
      token,
      body: { masterPassword: MASTER_PASSWORD, format: 'json' },
    });
    expect(exported.status).toBe(200);
    const file = JSON.parse(exported.body.data) as { passwords: { title: string; password: string }[] };
    const passwords = new Map(file.passwords.map((entry) => [entry.title, entry.password]));
    expect(passwords.size).toBe(ROWS);
    for (const row of rows) expect(passwords.get(row.title)).toBe(row.password);
    expect(live.output()).not.toMatch(/worker thread (failed|stopped)/i);
  });
});
