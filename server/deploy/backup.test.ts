// `npm run backup -- FILE` as the README tells an operator to run it: while the server runs and writes,
// it writes a copy that opens, passes SQLite's integrity check, holds every committed row and, restored
// as the README says, serves the same vault. It refuses to overwrite a file and refuses PostgreSQL.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startSmtpServer, type TestSmtpServer } from '../test/smtpServer';
import {
  api,
  createEntry,
  MASTER_PASSWORD,
  registerUser,
  ROOT,
  startServer,
  type ServerProcess,
} from '../test/serverProcess';
import { describeOnSqlite } from '../test/testDatabase';

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup -- FILE` in the repository, with `env` on top of a clean server environment. */
function npmBackup(file: string, env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', 'backup', '--', file],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function idOf(entries: { _id?: string; title: string }[], title: string): string {
  const entry = entries.find((candidate) => candidate.title === title);
  if (!entry?._id) throw new Error(`no entry ${title}`);
  return entry._id;
}

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describeOnSqlite('npm run backup (real server process)', () => {
  jest.setTimeout(120_000);

  let dir: string;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];
  let server: ServerProcess;
  let token: string;
  const backupFile = () => path.join(dir, 'backups', 'vault-copy.db');

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-backup-'));
    fs.mkdirSync(path.join(dir, 'backups'));
    smtp = await startSmtpServer();
    server = await startServer('live', {
      DATA_DIR: path.join(dir, 'data'),
      SMTP_URL: smtp.url,
      STATIC_DIR: path.join(dir, 'no-static'),
    });
    servers.push(server);
    token = await registerUser(smtp, 'backup@example.test', server);
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies a consistent database while the server runs and writes', async () => {
    const before = ['Atlas', 'Boreal', 'Cirrus', 'Delta', 'Ember'];
    for (const title of before) await createEntry(server, token, title);

    // A client keeps writing entries, one after another, for as long as the backup runs.
    let writing = true;
    const written: string[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const title = `Live${i}`;
        await createEntry(server, token, title);
        written.push(title);
      }
    })();
    while (written.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const committedBeforeBackup = [...before, ...written];

    const result = await npmBackup(backupFile(), { DATA_DIR: path.join(dir, 'data') });
    writing = false;
    await writer;
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`to ${backupFile()}`);
    expect(result.stdout).toContain('Not in the backup: the server key');
    expect(result.stdout).toContain('server.key');
    // One self-contained file, readable by its owner only.
    expect(fs.readdirSync(path.dirname(backupFile()))).toEqual([path.basename(backupFile())]);
    expect(fs.statSync(backupFile()).mode & 0o777).toBe(0o600);
    // ... without the server key, which stays in DATA_DIR/server.key (0600, beside a 0700 folder).
    const keyFile = path.join(dir, 'data', 'server.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, 'data')).mode & 0o777).toBe(0o700);
    for (const file of ['vault.db', 'vault.db-wal', 'vault.db-shm']) {
      const full = path.join(dir, 'data', file);
      if (fs.existsSync(full))
        expect({ file, mode: fs.statSync(full).mode & 0o777 }).toEqual({ file, mode: 0o600 });
    }
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    expect(fs.readFileSync(backupFile()).includes(Buffer.from(key))).toBe(false);

    const copy = new SQLite(backupFile(), { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const titles = new Set(
        (copy.prepare('select title from passwords').all() as { title: string }[]).map((row) => row.title),
      );
      for (const title of committedBeforeBackup) expect(titles).toContain(title);
      // Nothing in the copy that was never written: a snapshot, not a mixture.
      for (const title of titles) expect([...before, ...written]).toContain(title);
      const users = copy.prepare('select email from users').all() as { email: string }[];
      expect(users).toEqual([{ email: 'backup@example.test' }]);
    } finally {
      copy.close();
    }
    // The live database went on undisturbed.
    const stats = await api<{ data: { total: number } }>(server, 'GET', '/api/passwords/stats', { token });
    expect(stats.body.data.total).toBe(before.length + written.length);
  });

  it('refuses to overwrite an existing file', async () => {
    const digest = sha256(backupFile());
    const result = await npmBackup(backupFile(), { DATA_DIR: path.join(dir, 'data') });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('exists already');
    expect(sha256(backupFile())).toBe(digest);
  });

  it('refuses when DATABASE_URL is set, pointing to pg_dump', async () => {
    const target = path.join(dir, 'backups', 'never-written.db');
    const result = await npmBackup(target, {
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: 'postgres://passvault@127.0.0.1:5432/passvault',
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('pg_dump');
    expect(fs.existsSync(target)).toBe(false);
  });

  it('restores as the README says, over the files of a crashed server', async () => {
    const dataDir = path.join(dir, 'data');
    // Written after the backup: the restore takes the vault back to before it.
    await createEntry(server, token, 'AfterBackup');
    // The worst case: the server died and left its -wal and -shm beside vault.db.
    await server.kill9();
    expect(fs.existsSync(path.join(dataDir, 'vault.db-wal'))).toBe(true);

    // README, "Backups": stop the server, copy the file to DATA_DIR/vault.db, remove vault.db-wal and
    // vault.db-shm, start.
    fs.copyFileSync(backupFile(), path.join(dataDir, 'vault.db'));
    fs.rmSync(path.join(dataDir, 'vault.db-wal'), { force: true });
    fs.rmSync(path.join(dataDir, 'vault.db-shm'), { force: true });
    const restored = await startServer('restored', {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      STATIC_DIR: path.join(dir, 'no-static'),
    });
    servers.push(restored);

    // The session stored in the copy is valid again, and the vault is the one of the backup.
    const me = await api(restored, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('backup@example.test');
    const list = await api<{ data: { passwords: { _id: string; title: string }[] } }>(
      restored,
      'GET',
      '/api/passwords',
      { token },
    );
    const titles = list.body.data.passwords.map((entry) => entry.title);
    expect(titles).toEqual(expect.arrayContaining(['Atlas', 'Boreal', 'Cirrus', 'Delta', 'Ember']));
    expect(titles).not.toContain('AfterBackup');
    const reveal = await api<{ data: { password: { password: string } } }>(
      restored,
      'POST',
      `/api/passwords/${idOf(list.body.data.passwords, 'Cirrus')}/view`,
      { token, body: { masterPassword: MASTER_PASSWORD } },
    );
    expect(reveal.body.data.password.password).toBe('Pw-Cirrus-9!');
  });

  it('backs up a stopped server without leaving files beside its database', async () => {
    const dataDir = path.join(dir, 'data');
    await Promise.all(servers.map((s) => s.stop()));
    // A clean stop folds the WAL back into vault.db and removes it.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('vault.db'))).toEqual(['vault.db']);
    const copy = path.join(dir, 'backups', 'stopped.db');
    const result = await npmBackup(copy, { DATA_DIR: dataDir });
    expect(result).toMatchObject({ code: 0 });
    // Nothing left for the server's user to trip over (files owned by whoever ran the backup).
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('vault.db'))).toEqual(['vault.db']);
    const db = new SQLite(copy, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare("select count(*) as n from passwords where title = 'Cirrus'").get()).toEqual({
        n: 1,
      });
    } finally {
      db.close();
    }
  });
});
