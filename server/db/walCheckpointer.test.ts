import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startWalCheckpointer, type CheckpointReport } from './walCheckpointer';

const ROWS = 3000;
/** ~2 KB a row: 3,000 rows make the WAL well past SQLite's 1,000-page threshold. */
const BODY = 'x'.repeat(2000);

describe('WAL checkpoints on a thread of their own', () => {
  let dir: string;
  let file: string;
  let sqlite: SQLite.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-wal-'));
    file = path.join(dir, 'vault.db');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table notes (id integer primary key, body text not null)');
  });

  afterEach(() => {
    if (sqlite.open) sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const writeRows = () => {
    const insert = sqlite.prepare('insert into notes (body) values (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < ROWS; i += 1) insert.run(BODY);
    })();
  };
  const autocheckpoint = () => sqlite.pragma('wal_autocheckpoint', { simple: true });
  const waitFor = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 10) {
      if (waited > 10_000) throw new Error('gave up waiting');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('copies committed pages into the database file from the thread, and the last close leaves no WAL', async () => {
    const reports: CheckpointReport[] = [];
    const checkpointer = startWalCheckpointer(sqlite, { everyMs: 20, onCheckpoint: (r) => reports.push(r) });
    // The committing connection no longer checkpoints.
    expect(autocheckpoint()).toBe(0);
    writeRows();
    await waitFor(() => reports.some((report) => report.checkpointed === report.log && report.log > 1000));

    checkpointer.stop();
    sqlite.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare('select count(*) from notes').pluck().get()).toBe(ROWS);
    reopened.close();
  });

  it('gives checkpoints back to the connection when the thread cannot work', async () => {
    // The thread opens the file by name: gone from the folder (the connection keeps it open), it fails.
    fs.unlinkSync(file);
    startWalCheckpointer(sqlite, { everyMs: 20 });
    await waitFor(() => autocheckpoint() === 1000);
    writeRows();
    expect(sqlite.prepare('select count(*) from notes').pluck().get()).toBe(ROWS);
  });
});
