// SQLite, the zero-configuration default, survives a `kill -9` in the middle of an import: every committed
// entry is still there after the restart, the import is either wholly in the vault or not at all, and the
// database file passes SQLite's integrity check. Real server processes, a real SMTP server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startSmtpServer, type TestSmtpServer } from '../test/smtpServer';
import {
  api,
  createEntry,
  isListening,
  MASTER_PASSWORD,
  registerUser,
  startServer,
  type ServerProcess,
} from '../test/serverProcess';
import { describeOnSqlite } from '../test/testDatabase';

/** Large enough that the transaction is still writing well after the request went out. */
const INTERRUPTED_ROWS = 20_000;
const COMPLETED_ROWS = 300;

function importData(prefix: string, rows: number): string {
  return JSON.stringify(
    Array.from({ length: rows }, (_, i) => ({
      title: `${prefix} ${i}`,
      username: `${prefix.toLowerCase()}-${i}`,
      password: `Imp0rted!${prefix}-${i}`,
      website: `https://${prefix.toLowerCase()}-${i}.example`,
      notes: `row ${i} of the ${prefix} import`,
    })),
  );
}

/** Size and modification time of a file: changes whenever SQLite writes to it. */
function walState(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

describeOnSqlite('SQLite under kill -9 (real server processes)', () => {
  jest.setTimeout(120_000);

  let dir: string;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-crash-'));
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({ DATA_DIR: dir, SMTP_URL: smtp.url, STATIC_DIR: path.join(dir, 'no-static') });

  it('keeps committed entries and never half an import', async () => {
    const first = await startServer('first', env());
    servers.push(first);
    const dbFile = path.join(dir, 'vault.db');
    const walFile = `${dbFile}-wal`;

    // Committed before the crash: an account, three entries made one by one, and a finished import.
    const email = 'crash@example.test';
    const token = await registerUser(smtp, email, first);
    const titles = ['Alpha', 'Bravo', 'Charlie'];
    for (const title of titles) await createEntry(first, token, title);
    const completed = await api<{ data: { imported: number } }>(first, 'POST', '/api/utility/import', {
      token,
      body: { masterPassword: MASTER_PASSWORD, data: importData('Done', COMPLETED_ROWS), format: 'json' },
    });
    expect(completed.status).toBe(200);
    expect(completed.body.data.imported).toBe(COMPLETED_ROWS);
    const committed = titles.length + COMPLETED_ROWS;

    // The large import goes out; the process dies while it writes. The import's transaction spills its
    // first pages into the WAL long before it commits: the first change of the WAL file is the signal.
    const walBefore = walState(walFile);
    let answered = false;
    const request = fetch(`${first.baseUrl}/api/utility/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        masterPassword: MASTER_PASSWORD,
        data: importData('Crash', INTERRUPTED_ROWS),
        format: 'json',
      }),
    }).then(
      (res) => {
        answered = true;
        return res.status;
      },
      () => 'no answer' as const,
    );
    const giveUpAt = Date.now() + 60_000;
    while (!answered && walState(walFile) === walBefore && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await first.kill9();
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(await isListening(first.port)).toBe(false);
    const outcome = await request;
    // With no answer the client cannot know; either way the vault must hold all of the import or none.
    expect(outcome === 'no answer' || outcome === 200).toBe(true);

    // The file as the crash left it: opening it replays the committed part of the WAL.
    const db = new SQLite(dbFile);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const count = (prefix: string) =>
        (
          db.prepare('select count(*) as n from passwords where title like ?').get(`${prefix} %`) as {
            n: number;
          }
        ).n;
      const stored = db.prepare('select title from passwords order by title').all() as { title: string }[];
      expect(stored.filter((row) => titles.includes(row.title)).map((row) => row.title)).toEqual(titles);
      expect(count('Done')).toBe(COMPLETED_ROWS);
      const crashed = count('Crash');
      expect([0, INTERRUPTED_ROWS]).toContain(crashed);
      // An answered import must have been kept; an unanswered one may or may not have committed.
      if (outcome === 200) expect(crashed).toBe(INTERRUPTED_ROWS);
    } finally {
      db.close();
    }

    // A new process starts on the same file and serves the same vault to the same session.
    const second = await startServer('second', env());
    servers.push(second);
    const stats = await api<{ data: { total: number } }>(second, 'GET', '/api/passwords/stats', { token });
    expect(stats.status).toBe(200);
    expect([committed, committed + INTERRUPTED_ROWS]).toContain(stats.body.data.total);
    const list = await api<{ data: { passwords: { title: string }[] } }>(
      second,
      'GET',
      '/api/passwords?search=Bravo',
      { token },
    );
    expect(list.body.data.passwords.map((entry) => entry.title)).toEqual(['Bravo']);
    await second.stop();
    expect(second.child.exitCode).toBe(0);
  });
});
