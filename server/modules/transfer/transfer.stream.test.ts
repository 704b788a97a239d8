// Export as a stream and import with progress, on vaults larger than one window, against the real
// database (SQLite, and PostgreSQL in the server-postgres project).
import { once } from 'node:events';
import http from 'node:http';
import type { ExportedEntry } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { decryptedEntry } from '../vault/bulkCrypto';
import { EXPORT_WINDOW, exportRowWindows } from '../vault/entries.bulk';
import { withVaultKey } from '../vault/masterPassword.service';
import * as vaultRepo from '../vault/vault.repository';
import { writeExport } from './formats/passvault';
import { exportPasswords, importPasswords } from './transfer.service';
import { onPostgres } from '../../test/testDatabase';

// Every export and import unlocks the vault key: one Argon2id run each.
jest.setTimeout(120_000);

const COUNT = 1234;

/** `count` entries; every 7 share a creation time, so ties fall on the window boundaries too. */
function vaultRows(count: number, prefix = 'Entry') {
  return Array.from({ length: count }, (_, i) => ({
    title: `${prefix} ${i}`,
    email: `user${i}@example.test`,
    password: `pw-${prefix}-${i}-"secret"`,
    website: `https://site${i % 13}.example.test`,
    notes: i % 5 === 0 ? `note ${i}\nsecond line, "quoted"` : '',
    tags: i % 3 === 0 ? ['t1', `group-${i % 4}`] : [],
    isFavorite: i % 4 === 0,
    createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 7) * 1000).toISOString(),
  }));
}

describe('export stream and import progress', () => {
  let t: TestApp;
  let owner: TestUser;

  const post = (user: TestUser, route: 'export' | 'import', payload: object, accept?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/utility/${route}`,
      headers: { ...user.auth, ...(accept ? { accept } : {}) },
      payload,
    });

  async function importRows(user: TestUser, rows: object[]) {
    const res = await post(user, 'import', {
      masterPassword: user.masterPassword,
      data: JSON.stringify(rows),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  async function total(user: TestUser): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/api/passwords/stats', headers: user.auth });
    return res.json().data.total;
  }

  /** What the export answered before it was streamed: every entry at once, then the whole file. */
  const previousExport = (user: TestUser) =>
    withVaultKey(
      t.ctx,
      { userId: user.userId, sessionId: user.sessionId },
      user.masterPassword,
      async (key) => {
        const rows = await t.db
          .selectFrom('passwords')
          .selectAll()
          .where('user_id', '=', user.userId)
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .execute();
        return rows.map((row): ExportedEntry => decryptedEntry(key, row));
      },
    );

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    expect(await importRows(owner, vaultRows(COUNT))).toMatchObject({ imported: COUNT });
  });
  afterAll(() => t.close());

  describe('export', () => {
    it('of more than two windows is complete, oldest first, and the file the whole-vault export wrote', async () => {
      expect(COUNT).toBeGreaterThan(2 * EXPORT_WINDOW);
      const before = await previousExport(owner);
      const res = await post(owner, 'export', { masterPassword: owner.masterPassword, format: 'json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      const answer = res.json();
      expect(Object.keys(answer).sort()).toEqual(['data', 'filename', 'format', 'success']);
      const file = JSON.parse(answer.data);
      expect(answer.data).toBe(
        JSON.stringify({ version: 1, exportedAt: file.exportedAt, passwords: before }, null, 2),
      );
      const created = file.passwords.map((entry: ExportedEntry) => entry.createdAt);
      expect(created).toEqual([...created].sort());
      expect(new Set(file.passwords.map((entry: ExportedEntry) => entry.title)).size).toBe(COUNT);
    });

    it('as CSV is one JSON answer whose data is the CSV file', async () => {
      const before = await previousExport(owner);
      const res = await post(owner, 'export', { masterPassword: owner.masterPassword, format: 'csv' });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({ success: true, format: 'csv' });
      expect(answer.filename).toMatch(/^passwords_export_\d{4}-\d{2}-\d{2}\.csv$/);
      expect(answer.data).toBe(writeExport('csv', before, new Date()));
    });

    it('reads the windows in order whatever their size, ties on the boundaries included', async () => {
      const before = await previousExport(owner);
      const windows: ExportedEntry[][] = [];
      await withVaultKey(
        t.ctx,
        { userId: owner.userId, sessionId: owner.sessionId },
        owner.masterPassword,
        async (key) => {
          for await (const rows of exportRowWindows(t.db, owner.userId, 7)) {
            windows.push(rows.map((row) => decryptedEntry(key, row)));
          }
        },
      );
      expect(windows).toHaveLength(Math.ceil(COUNT / 7));
      expect(windows.flat()).toEqual(before);
    });

    it('of an empty vault is the empty file', async () => {
      const user = await createUser(t);
      const res = await post(user, 'export', { masterPassword: user.masterPassword, format: 'json' });
      const file = JSON.parse(res.json().data);
      expect(res.json().data).toBe(
        JSON.stringify({ version: 1, exportedAt: file.exportedAt, passwords: [] }, null, 2),
      );
      const csv = await post(user, 'export', { masterPassword: user.masterPassword, format: 'csv' });
      expect(csv.json().data).toBe(
        'name,url,username,password,note,email,category,favorite,tags,createdAt,updatedAt,totp,fields,entryUsername\r\n',
      );
    });

    it('with a wrong master password answers 401 as before, and nothing is streamed', async () => {
      const res = await post(owner, 'export', { masterPassword: 'not-it', format: 'json' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ message: 'Invalid master password', attemptsRemaining: 2 });
      // A right one afterwards starts the count again.
      const ok = await post(owner, 'export', { masterPassword: owner.masterPassword, format: 'csv' });
      expect(ok.statusCode).toBe(200);
    });

    describe('an entry that does not decrypt', () => {
      let user: TestUser;
      const idAt = async (position: number) =>
        (
          await t.db
            .selectFrom('passwords')
            .select('id')
            .where('user_id', '=', user.userId)
            .orderBy('created_at')
            .orderBy('id')
            .offset(position)
            .limit(1)
            .executeTakeFirstOrThrow()
        ).id;
      const corrupt = async (position: number) => {
        const id = await idAt(position);
        // Another entry's ciphertext: bound to that entry, so it does not open here.
        const other = await t.db
          .selectFrom('passwords')
          .select('password_enc')
          .where('id', '=', await idAt(position + 1))
          .executeTakeFirstOrThrow();
        await t.db
          .updateTable('passwords')
          .set({ password_enc: other.password_enc })
          .where('id', '=', id)
          .execute();
      };

      beforeEach(async () => {
        user = await createUser(t);
        await importRows(user, vaultRows(EXPORT_WINDOW * 2, 'Broken'));
      });

      it('in the first window: 422 before any byte of the file', async () => {
        await corrupt(3);
        const res = await post(user, 'export', { masterPassword: user.masterPassword, format: 'json' });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: 'Failed to decrypt password' });
      });

      it('in a later window: the answer is cut short, logged without a secret, and the server goes on', async () => {
        await corrupt(EXPORT_WINDOW + 10);
        const logged = t.logLines.length;
        // The status and the first window went out: the connection is cut, so no client takes it whole.
        await expect(
          post(user, 'export', { masterPassword: user.masterPassword, format: 'json' }),
        ).rejects.toThrow('response destroyed before completion');
        const lines = t.logLines.slice(logged).join('\n');
        expect(lines).toContain('Failed to decrypt password');
        expect(lines).not.toContain('pw-Broken');
        expect(lines).not.toContain(user.masterPassword);
        // The read was let go: the next export and a write both work.
        const next = await post(owner, 'export', { masterPassword: owner.masterPassword, format: 'csv' });
        expect(next.statusCode).toBe(200);
        expect(await importRows(user, [{ title: 'After', password: 'after' }])).toMatchObject({
          imported: 1,
        });
      });
    });

    it('is one snapshot on PostgreSQL; on SQLite an import meanwhile neither waits nor breaks it', async () => {
      const user = await createUser(t);
      // Ten windows: Readable asks for one chunk ahead, and the export reads a few windows past the
      // chunk it yields (up to four being written beside the one just read: exportWindows.ts), so the
      // last ones are read after the import below.
      const count = 9 * EXPORT_WINDOW + 100;
      await importRows(user, vaultRows(count));
      const auth = { userId: user.userId, sessionId: user.sessionId };
      const { body } = await exportPasswords(t.ctx, auth, user.masterPassword, 'json');
      const chunks: Buffer[] = [];
      const reading = body[Symbol.asyncIterator]();
      const first = await reading.next();
      chunks.push(first.value as Buffer);
      // While the download waits: one entry older than all, one newer than all.
      await importRows(user, [
        { title: 'Older', password: 'o', createdAt: '2000-01-01T00:00:00.000Z' },
        { title: 'Newer', password: 'n', createdAt: '2100-01-01T00:00:00.000Z' },
      ]);
      for (let next = await reading.next(); !next.done; next = await reading.next()) chunks.push(next.value);
      const titles = JSON.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).data).passwords.map(
        (entry: ExportedEntry) => entry.title,
      );
      if (onPostgres) {
        expect(titles).toHaveLength(count);
      } else {
        // Documented in vault.repository openExportReader: a window after the position sees the write.
        expect(titles).toHaveLength(count + 1);
        expect(titles.at(-1)).toBe('Newer');
      }
      expect(titles).not.toContain('Older');
    });

    it('lets go of its read and its connection when the client goes away', async () => {
      const auth = { userId: owner.userId, sessionId: owner.sessionId };
      // More abandoned downloads than PostgreSQL's pool has connections.
      for (let i = 0; i < 12; i += 1) {
        const { body } = await exportPasswords(t.ctx, auth, owner.masterPassword, 'csv');
        body.destroy();
        await once(body, 'close');
      }
      expect(await total(owner)).toBe(COUNT);
    });
  });

  describe('import with progress (Accept: application/x-ndjson)', () => {
    /** The app on a real socket, for a client that can go away (app.inject's cannot); once per file. */
    let address: Promise<string> | undefined;
    const listening = () => (address ??= t.app.listen({ port: 0, host: '127.0.0.1' }));
    const NDJSON = 'application/x-ndjson';
    const linesOf = (body: string) =>
      body
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));

    it('answers a progress line after every slice, then the answer a plain import gives', async () => {
      const user = await createUser(t);
      await importRows(user, vaultRows(10));
      const rows = vaultRows(2600);
      const res = await post(
        user,
        'import',
        { masterPassword: user.masterPassword, data: JSON.stringify(rows), format: 'json' },
        `${NDJSON}, application/json;q=0.9`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(linesOf(res.body)).toEqual([
        { progress: { done: 0, total: 2590 } },
        { progress: { done: 2000, total: 2590 } },
        { progress: { done: 2590, total: 2590 } },
        {
          success: true,
          message: 'Import completed successfully',
          data: { imported: 2590, updated: 0, skipped: 10, errors: [] },
        },
      ]);
      expect(await total(user)).toBe(2600);
    });

    it.each([
      ['before its first line', false],
      ['after its first line', true],
    ])(
      'commits whole when the client goes away %s (a reload), and logs no error for it',
      async (_, afterFirstLine) => {
        const user = await createUser(t);
        const logged = t.logLines.length;
        const address = await listening();
        const body = JSON.stringify({
          masterPassword: user.masterPassword,
          data: JSON.stringify(vaultRows(2600)),
        });
        await new Promise<void>((resolve, reject) => {
          const request = http.request(`${address}/api/utility/import`, {
            method: 'POST',
            headers: { ...user.auth, accept: NDJSON, 'content-type': 'application/json' },
          });
          // The person reloads the page: the connection closes before the answer, or half-way through it.
          const leave = () => {
            request.destroy();
            resolve();
          };
          if (afterFirstLine) request.on('response', (response) => response.once('data', leave));
          else request.on('finish', () => setTimeout(leave, 5));
          request.on('error', (error: NodeJS.ErrnoException) => {
            if (error.code !== 'ECONNRESET') reject(error);
          });
          request.end(body);
        });
        for (let waited = 0; (await total(user)) < 2600 && waited < 30_000; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await total(user)).toBe(2600);
        // The answer's end is written (or dropped) after the commit.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const errors = t.logLines
          .slice(logged)
          .filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
        expect(errors).toEqual([]);
      },
    );

    it('lets the event loop turn between slices, so each line leaves when it is written', async () => {
      const user = await createUser(t);
      const turns: boolean[] = [];
      let turned = false;
      const progress = {
        started: () => setImmediate(() => (turned = true)),
        written: () => {
          turns.push(turned);
          turned = false;
          setImmediate(() => (turned = true));
        },
      };
      const auth = { userId: user.userId, sessionId: user.sessionId };
      const request = { credential: user.masterPassword, data: JSON.stringify(vaultRows(4500)) };
      await importPasswords(t.ctx, auth, request, progress);
      // SQLite's driver answers synchronously: without the turns no line would go out before the end.
      expect(turns).toEqual([true, true, true]);
    });

    it('counts updated entries as written too', async () => {
      const user = await createUser(t);
      await importRows(user, vaultRows(3));
      const res = await post(
        user,
        'import',
        {
          masterPassword: user.masterPassword,
          data: JSON.stringify(vaultRows(5)),
          options: { skipDuplicates: false, updateExisting: true },
        },
        NDJSON,
      );
      expect(linesOf(res.body)).toEqual([
        { progress: { done: 0, total: 5 } },
        { progress: { done: 2, total: 5 } },
        { progress: { done: 5, total: 5 } },
        expect.objectContaining({ data: { imported: 2, updated: 3, skipped: 0, errors: [] } }),
      ]);
    });

    it('answers refusals before the plan as plain JSON with their status', async () => {
      const user = await createUser(t);
      const wrong = await post(
        user,
        'import',
        { masterPassword: 'not-it', data: JSON.stringify(vaultRows(2)) },
        NDJSON,
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid master password', attemptsRemaining: 2 });
      const unreadable = await post(
        user,
        'import',
        { masterPassword: user.masterPassword, data: 'x;y' },
        NDJSON,
      );
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    describe('a failure in a later batch', () => {
      afterEach(() => jest.restoreAllMocks());

      it('ends the answer with the error and leaves no entry written', async () => {
        const user = await createUser(t);
        await importRows(user, [{ title: 'Kept', password: 'kept' }]);
        const insertBatch = vaultRepo.insertBatch;
        let batches = 0;
        // Slice 1 (batches 1-4) is written and reported; batch 5, in slice 2, fails as a full disk would.
        jest.spyOn(vaultRepo, 'insertBatch').mockImplementation(async (db, batch) => {
          batches += 1;
          if (batches === 5) throw new Error('disk I/O error');
          return insertBatch(db, batch);
        });
        const logged = t.logLines.length;
        const res = await post(
          user,
          'import',
          { masterPassword: user.masterPassword, data: JSON.stringify(vaultRows(3000)) },
          NDJSON,
        );
        expect(res.statusCode).toBe(200);
        expect(linesOf(res.body)).toEqual([
          { progress: { done: 0, total: 3000 } },
          { progress: { done: 2000, total: 3000 } },
          { message: 'Internal server error', status: 500 },
        ]);
        expect(batches).toBe(5);
        expect(await total(user)).toBe(1);
        const lines = t.logLines.slice(logged).join('\n');
        expect(lines).toContain('disk I/O error');
        expect(lines).not.toContain('pw-Entry');
      });
    });
  });
});
