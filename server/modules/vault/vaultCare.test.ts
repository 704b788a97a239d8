// Care for the vault over time, through the real API and database: password history, the trash and the
// health of the passwords (SQLite here, PostgreSQL in the server-postgres project).
import type { HistoryItem, PasswordEntry, TrashedPasswordEntry, VaultHealth } from '../../../src/common/wire';
import { createUser, later, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { HISTORY_KEPT } from './vault.repository';
import { sweepTrash, TRASH_DAYS } from './trash.service';

// Every save, reveal and history read is one Argon2id run.
jest.setTimeout(120_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const STRONG = 'Kx9#mQ2$vLp7!rTz';
const WEAK = 'abc';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('/api/passwords: history, trash and health', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: Method, path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/passwords${path}`,
      headers: user.auth,
      ...(payload === undefined ? {} : { payload }),
    });
  const withMaster = (user: TestUser, payload: object = {}) => ({
    ...payload,
    masterPassword: user.masterPassword,
  });

  async function create(user: TestUser, fields: Record<string, unknown> = {}): Promise<PasswordEntry> {
    const res = await call(
      user,
      'POST',
      '',
      withMaster(user, { title: 'Site', password: STRONG, ...fields }),
    );
    expect(res.statusCode).toBe(201);
    return res.json().data.password;
  }
  async function update(user: TestUser, id: string, fields: Record<string, unknown>) {
    const res = await call(user, 'PUT', `/${id}`, withMaster(user, fields));
    expect(res.statusCode).toBe(200);
    return res.json().data.password as PasswordEntry;
  }
  async function history(user: TestUser, id: string): Promise<HistoryItem[]> {
    const res = await call(user, 'POST', `/${id}/history`, withMaster(user));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json().data.history;
  }
  async function listTitles(user: TestUser, query = ''): Promise<string[]> {
    const res = await call(user, 'GET', `?limit=100${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.passwords.map((entry: PasswordEntry) => entry.title);
  }
  async function health(user: TestUser): Promise<VaultHealth> {
    const res = await call(user, 'GET', '/health');
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }
  async function trash(user: TestUser): Promise<TrashedPasswordEntry[]> {
    const res = await call(user, 'GET', '/trash');
    expect(res.statusCode).toBe(200);
    return res.json().data.passwords;
  }
  const remove = (user: TestUser, id: string) => call(user, 'DELETE', `/${id}`, withMaster(user));

  describe('history', () => {
    it('keeps each replaced password, newest first, and only when the password changed', async () => {
      const alice = await createUser(t);
      const entry = await create(alice, { password: 'First-Password-1' });
      t.clock.advance(1000);
      await update(alice, entry._id, { password: 'Second-Password-2' });
      t.clock.advance(1000);
      await update(alice, entry._id, { title: 'Renamed' });
      await update(alice, entry._id, { password: 'Second-Password-2', notes: 'same password' });
      t.clock.advance(1000);
      await update(alice, entry._id, { password: 'Third-Password-3' });
      const items = await history(alice, entry._id);
      expect(items.map((item) => item.password)).toEqual(['Second-Password-2', 'First-Password-1']);
      expect(items[0].changedAt > items[1].changedAt).toBe(true);
    });

    it(`keeps the last ${HISTORY_KEPT} per entry`, async () => {
      const alice = await createUser(t);
      const entry = await create(alice, { password: 'Version-0' });
      for (let i = 1; i <= HISTORY_KEPT + 2; i += 1) {
        t.clock.advance(1000);
        await update(alice, entry._id, { password: `Version-${i}` });
      }
      const items = await history(alice, entry._id);
      expect(items).toHaveLength(HISTORY_KEPT);
      expect(items[0].password).toBe(`Version-${HISTORY_KEPT + 1}`);
      expect(items[HISTORY_KEPT - 1].password).toBe('Version-2');
    });

    it('counts a wrong master password like every other check, and hides other users’ entries', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      const entry = await create(alice);
      const wrong = await call(alice, 'POST', `/${entry._id}/history`, { masterPassword: 'Not-It-1!' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ message: 'Invalid master password', attemptsRemaining: 2 });
      expect((await call(bob, 'POST', `/${entry._id}/history`, withMaster(bob))).statusCode).toBe(404);
      const missing = await call(alice, 'POST', `/${entry._id}/history`, {});
      expect(missing.json()).toMatchObject({ message: 'Master password is required' });
    });

    it('keeps the passwords an import overwrites', async () => {
      const alice = await createUser(t);
      await create(alice, { title: 'Imported', website: 'https://imported.test', email: 'a@imported.test' });
      const file = JSON.stringify({
        version: 1,
        passwords: [
          {
            title: 'Imported',
            website: 'https://imported.test',
            email: 'a@imported.test',
            password: 'From-File-1',
          },
        ],
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/utility/import',
        headers: alice.auth,
        payload: withMaster(alice, {
          data: file,
          format: 'json',
          options: { skipDuplicates: false, updateExisting: true },
        }),
      });
      expect(res.json().data).toMatchObject({ updated: 1 });
      const [entry] = (await call(alice, 'GET', '').then((r) => r.json().data.passwords)) as PasswordEntry[];
      expect((await history(alice, entry._id)).map((item) => item.password)).toEqual([STRONG]);
    });
  });

  describe('trash', () => {
    it('takes a deleted entry out of the list, search, stats, dashboard and export at once', async () => {
      const alice = await createUser(t);
      await create(alice, { title: 'Kept' });
      const gone = await create(alice, { title: 'Deleted one', tags: ['x'] });
      const res = await remove(alice, gone._id);
      expect(res.json()).toEqual({ success: true, message: 'Password deleted successfully' });

      expect(await listTitles(alice)).toEqual(['Kept']);
      expect(await listTitles(alice, '&search=Deleted')).toEqual([]);
      const dashboard = (await call(alice, 'GET', '?limit=5')).json().data;
      expect(dashboard.passwords.map((entry: PasswordEntry) => entry.title)).toEqual(['Kept']);
      expect(dashboard.total).toBe(1);
      expect((await call(alice, 'GET', '/stats')).json().data).toMatchObject({ total: 1 });
      const exported = await t.app.inject({
        method: 'POST',
        url: '/api/utility/export',
        headers: alice.auth,
        payload: withMaster(alice, { format: 'json' }),
      });
      expect(exported.body).not.toContain('Deleted one');
      expect((await health(alice)).total).toBe(1);
      const settings = await t.app.inject({ method: 'GET', url: '/api/user/settings', headers: alice.auth });
      expect(settings.json().settings).toMatchObject({ totalPasswords: 1, totalTags: 0 });

      const [trashed] = await trash(alice);
      expect(trashed).toMatchObject({ _id: gone._id, title: 'Deleted one', deletedAt: expect.any(String) });
      expect(JSON.stringify(await trash(alice))).not.toContain(STRONG);
    });

    it('restores an entry unchanged: secrets, history, favourite, tags and dates', async () => {
      const alice = await createUser(t);
      const entry = await create(alice, {
        title: 'Round trip',
        password: 'Before-1',
        notes: 'private notes',
        tags: ['work', 'vpn'],
        isFavorite: true,
        totp: 'JBSWY3DPEHPK3PXP',
        fields: [{ name: 'PIN', value: '1234', hidden: true }],
      });
      const changed = await update(alice, entry._id, { password: STRONG });
      const before = (await call(alice, 'POST', `/${entry._id}/view`, withMaster(alice))).json().data
        .password;
      expect((await remove(alice, entry._id)).statusCode).toBe(200);
      expect((await call(alice, 'POST', `/${entry._id}/view`, withMaster(alice))).statusCode).toBe(404);
      expect((await call(alice, 'PATCH' as Method, `/${entry._id}/favorite`)).statusCode).toBe(404);

      const restored = await call(alice, 'POST', `/${entry._id}/restore`);
      expect(restored.json()).toMatchObject({ success: true, message: 'Password restored' });
      expect(restored.json().data.password).toEqual(changed);
      const after = (await call(alice, 'POST', `/${entry._id}/view`, withMaster(alice))).json().data.password;
      expect({ ...after, totpCode: null, totpRemaining: null }).toEqual({
        ...before,
        totpCode: null,
        totpRemaining: null,
      });
      expect((await history(alice, entry._id)).map((item) => item.password)).toEqual(['Before-1']);
      expect(await trash(alice)).toEqual([]);
      expect((await call(alice, 'POST', `/${entry._id}/restore`)).statusCode).toBe(404);
    });

    it('purges a trashed entry for good with the master password, history included', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      const entry = await create(alice, { password: 'Old-1' });
      await update(alice, entry._id, { password: STRONG });
      await remove(alice, entry._id);
      expect((await call(bob, 'DELETE', `/${entry._id}/purge`, withMaster(bob))).statusCode).toBe(404);
      const wrong = await call(alice, 'DELETE', `/${entry._id}/purge`, { masterPassword: 'Not-It-1!' });
      expect(wrong.statusCode).toBe(401);
      expect(await trash(alice)).toHaveLength(1);
      const res = await call(alice, 'DELETE', `/${entry._id}/purge`, withMaster(alice));
      expect(res.json()).toEqual({ success: true, message: 'Password deleted permanently' });
      expect(await trash(alice)).toEqual([]);
      const rows = await t.db
        .selectFrom('password_history')
        .select('id')
        .where('entry_id', '=', entry._id)
        .execute();
      expect(rows).toEqual([]);
      expect((await call(alice, 'POST', `/${entry._id}/restore`)).statusCode).toBe(404);
    });

    it('empties the trash up to the newest deletion the page showed, history included, and nothing else', async () => {
      let alice = await createUser(t);
      const bob = await createUser(t);
      const first = await create(alice, { title: 'First', password: 'Old-1' });
      await update(alice, first._id, { password: STRONG });
      const second = await create(alice, { title: 'Second' });
      const bobs = await create(bob, { title: 'Bob' });
      for (const id of [first._id, second._id]) expect((await remove(alice, id)).statusCode).toBe(200);
      await remove(bob, bobs._id);
      const listed = await trash(alice);
      const through = listed
        .map((entry) => entry.deletedAt)
        .sort()
        .at(-1) as string;
      // Trashed after the page listed the trash (another tab): not the page's to delete.
      alice = await later(t, alice, 60_000);
      const third = await create(alice, { title: 'Third' });
      await remove(alice, third._id);

      const empty = (payload: object) => call(alice, 'DELETE', '/trash', payload);
      expect((await empty({ masterPassword: 'Not-It-1!', through })).statusCode).toBe(401);
      expect((await empty({ through })).json()).toMatchObject({ message: 'Master password is required' });
      expect((await empty(withMaster(alice, { through: 'yesterday' }))).json()).toMatchObject({
        message: 'The time the trash was listed is not valid',
      });
      expect(await trash(alice)).toHaveLength(3);

      const res = await empty(withMaster(alice, { through }));
      expect(res.json()).toEqual({ success: true, message: 'Trash emptied', data: { deleted: 2 } });
      expect((await trash(alice)).map((entry) => entry.title)).toEqual(['Third']);
      expect((await trash(bob)).map((entry) => entry.title)).toEqual(['Bob']);
      const history = await t.db
        .selectFrom('password_history')
        .select('id')
        .where('entry_id', '=', first._id)
        .execute();
      expect(history).toEqual([]);
      // Again: nothing left up to then.
      expect((await empty(withMaster(alice, { through }))).json().data).toEqual({ deleted: 0 });
    });

    it(`purges entries older than ${TRASH_DAYS} days in the trash and keeps younger ones`, async () => {
      let alice = await createUser(t);
      const old = await create(alice, { title: 'Old' });
      await remove(alice, old._id);
      // Signed in again: the first session is long idle.
      alice = await later(t, alice, (TRASH_DAYS - 1) * DAY_MS);
      const young = await create(alice, { title: 'Young' });
      await remove(alice, young._id);
      alice = await later(t, alice, 2 * DAY_MS);
      expect(await sweepTrash(t.ctx)).toBeGreaterThanOrEqual(1);
      expect((await trash(alice)).map((entry) => entry.title)).toEqual(['Young']);
      // A second process sweeping at the same moment finds nothing left to do.
      await Promise.all([sweepTrash(t.ctx), sweepTrash(t.ctx)]);
      expect((await trash(alice)).map((entry) => entry.title)).toEqual(['Young']);
    });
  });

  describe('health', () => {
    it('counts weak, reused and old passwords after creates, updates, imports and deletes', async () => {
      let alice = await createUser(t);
      expect(await health(alice)).toEqual({ total: 0, weak: 0, reused: 0, old: 0 });
      const weak = await create(alice, { title: 'Weak', password: WEAK });
      expect(weak.health).toMatchObject({ reusedIn: 0 });
      expect(weak.health.strength).toBeLessThan(50);
      const a = await create(alice, { title: 'Reused A', password: STRONG });
      const b = await create(alice, { title: 'Reused B', password: STRONG });
      expect(b.health.reusedIn).toBe(2);
      expect(await health(alice)).toEqual({ total: 3, weak: 1, reused: 2, old: 0 });
      expect(await listTitles(alice, '&health=weak')).toEqual(['Weak']);
      expect(await listTitles(alice, '&health=reused')).toEqual(['Reused B', 'Reused A']);
      const reusedList = (await call(alice, 'GET', '?health=reused')).json().data;
      expect(reusedList.total).toBe(2);
      expect(reusedList.passwords[0].health.reusedIn).toBe(2);

      await update(alice, weak._id, { password: 'Strong-Again-9$x' });
      await update(alice, a._id, { password: 'Another-Strong-7%q' });
      expect(await health(alice)).toEqual({ total: 3, weak: 0, reused: 0, old: 0 });

      const file = JSON.stringify({ version: 1, passwords: [{ title: 'From file', password: STRONG }] });
      await t.app.inject({
        method: 'POST',
        url: '/api/utility/import',
        headers: alice.auth,
        payload: withMaster(alice, {
          data: file,
          format: 'json',
          options: { skipDuplicates: true, updateExisting: false },
        }),
      });
      expect(await health(alice)).toEqual({ total: 4, weak: 0, reused: 2, old: 0 });
      await remove(alice, b._id);
      expect(await health(alice)).toEqual({ total: 3, weak: 0, reused: 0, old: 0 });

      alice = await later(t, alice, 366 * DAY_MS);
      expect(await health(alice)).toMatchObject({ old: 3 });
      expect(await listTitles(alice, '&health=old')).toHaveLength(3);
      const bad = await call(alice, 'GET', '?health=ancient');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('health must be one of: weak, reused, old');
    });

    it('fingerprints the same password differently for different users, never as the password', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      const mine = await create(alice, { password: STRONG });
      const theirs = await create(bob, { password: STRONG });
      const rows = await t.db
        .selectFrom('passwords')
        .select(['id', 'reuse_fp'])
        .where('id', 'in', [mine._id, theirs._id])
        .execute();
      expect(rows[0].reuse_fp).not.toBe(rows[1].reuse_fp);
      expect(JSON.stringify(rows)).not.toContain(STRONG);
      expect(await health(alice)).toMatchObject({ reused: 0 });
    });

    it('works out the health of entries saved before, at the next unlock', async () => {
      const alice = await createUser(t);
      await create(alice, { title: 'One', password: WEAK });
      await create(alice, { title: 'Two', password: WEAK });
      // As rows saved before health was stored are: no strength, no fingerprint, shared with nobody.
      await t.db
        .updateTable('passwords')
        .set({ strength: null, reuse_fp: null, reuse_count: 0 })
        .where('user_id', '=', alice.userId)
        .execute();
      expect(await health(alice)).toEqual({ total: 2, weak: 0, reused: 0, old: 0 });
      const unlock = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-master',
        headers: alice.auth,
        payload: withMaster(alice),
      });
      expect(unlock.statusCode).toBe(200);
      expect(await health(alice)).toEqual({ total: 2, weak: 2, reused: 2, old: 0 });
    });

    it('keeps the health across a master-password change (the vault key stays the same)', async () => {
      const alice = await createUser(t);
      await create(alice, { title: 'One', password: STRONG });
      await create(alice, { title: 'Two', password: STRONG });
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/master-password',
        headers: alice.auth,
        payload: { currentMasterPassword: alice.masterPassword, newMasterPassword: 'Brand-New-Master-7!' },
      });
      expect(res.statusCode).toBe(200);
      await create({ ...alice, masterPassword: 'Brand-New-Master-7!' }, { title: 'Three', password: STRONG });
      expect(await health(alice)).toEqual({ total: 3, weak: 0, reused: 3, old: 0 });
    });
  });
});
