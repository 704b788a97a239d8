// The dashboard's counts (statistics and password health) come from tallies that triggers keep on every
// write (migration 023). Through the real API and database (SQLite here, PostgreSQL in the
// server-postgres project), after each kind of write the counts must equal a count of the entries
// themselves: saves, edits, favourites, reuse, deletes to the trash, restores, imports of more than one
// batch, a move of the clock past the "old" cut-off, and an account's deletion.
import { sql } from 'kysely';
import type { PasswordStats, VaultHealth } from '../../../src/common/wire';
import { createUser, later, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { vaultCalls } from '../../test/vaultCalls';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { oldBefore, WEAK_BELOW } from './health';

// Every save is one Argon2id run.
jest.setTimeout(180_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const STRONG = 'Kx9#mQ2$vLp7!rTz';

describe('the dashboard’s counts follow every write', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const { call, withMaster, create, importEntries } = vaultCalls(() => t, STRONG);

  /** What the API answers for the dashboard. */
  async function counts(user: TestUser): Promise<{ stats: PasswordStats; health: VaultHealth }> {
    const [stats, health] = await Promise.all([
      call(user, 'GET', '/api/passwords/stats'),
      call(user, 'GET', '/api/passwords/health'),
    ]);
    expect(stats.statusCode).toBe(200);
    expect(health.statusCode).toBe(200);
    return { stats: stats.json().data, health: health.json().data };
  }

  /** The same counts, counted from the entries one by one. */
  async function recount(user: TestUser): Promise<{ stats: PasswordStats; health: VaultHealth }> {
    const rows = await t.db
      .selectFrom('passwords')
      .select(['category', 'is_favorite', 'strength', 'reuse_count', 'password_changed_at'])
      .where('user_id', '=', user.userId)
      .execute();
    const cutOff = oldBefore(t.clock.now());
    const categories: Record<string, number> = {};
    for (const row of rows) categories[row.category] = (categories[row.category] ?? 0) + 1;
    return {
      stats: {
        total: rows.length,
        favorites: rows.filter((row) => Number(row.is_favorite) === 1).length,
        categories: categories as PasswordStats['categories'],
      },
      health: {
        total: rows.length,
        weak: rows.filter((row) => row.strength !== null && row.strength < WEAK_BELOW).length,
        reused: rows.filter((row) => row.reuse_count > 1).length,
        old: rows.filter((row) => row.password_changed_at !== null && row.password_changed_at < cutOff)
          .length,
      },
    };
  }

  async function expectCountsOfEntries(user: TestUser, expected?: Partial<VaultHealth>): Promise<void> {
    const [answered, counted] = await Promise.all([counts(user), recount(user)]);
    expect(answered.stats).toEqual(counted.stats);
    expect(answered.health).toMatchObject(counted.health);
    if (expected) expect(answered.health).toMatchObject(expected);
  }

  it('after saves, edits, favourites, reuse, deletes and restores', async () => {
    const alice = await createUser(t);
    await expectCountsOfEntries(alice, { total: 0, weak: 0, reused: 0, old: 0 });

    const mail = await create(alice, { title: 'Mail', category: 'social' });
    const bank = await create(alice, {
      title: 'Bank',
      category: 'finance',
      isFavorite: true,
      password: 'abc',
    });
    const shop = await create(alice, { title: 'Shop', category: 'shopping', password: 'abc' });
    await expectCountsOfEntries(alice, { total: 3, weak: 2, reused: 2 });

    expect(
      (await call(alice, 'PUT', `/api/passwords/${shop._id}`, withMaster(alice, { category: 'work' })))
        .statusCode,
    ).toBe(200);
    expect((await call(alice, 'PATCH', `/api/passwords/${mail._id}/favorite`)).statusCode).toBe(200);
    await expectCountsOfEntries(alice, { weak: 2, reused: 2 });

    // A new password: no longer weak, and the other entry is no longer reused either.
    const changed = await call(
      alice,
      'PUT',
      `/api/passwords/${bank._id}`,
      withMaster(alice, { password: 'Zq8!vN3#tLw6@pRy' }),
    );
    expect(changed.statusCode).toBe(200);
    await expectCountsOfEntries(alice, { weak: 1, reused: 0 });

    expect((await call(alice, 'DELETE', `/api/passwords/${mail._id}`, withMaster(alice))).statusCode).toBe(
      200,
    );
    await expectCountsOfEntries(alice, { total: 2 });
    expect((await call(alice, 'POST', `/api/passwords/${mail._id}/restore`)).statusCode).toBe(200);
    await expectCountsOfEntries(alice, { total: 3 });
  });

  it('after imports of more than one batch, new and updating', async () => {
    const bob = await createUser(t);
    await create(bob, { title: 'Already here', website: 'https://here.test', email: 'b@here.test' });
    const entries = Array.from({ length: 620 }, (_, n) => ({
      title: `Imported ${n}`,
      website: `https://site${n % 40}.test`,
      email: `b${n}@site.test`,
      password: n % 3 === 0 ? 'abc' : `Import-${n}-Kx9#mQ2$vLp7`,
      category: ['work', 'social', 'finance'][n % 3],
      isFavorite: n % 7 === 0,
    }));
    expect((await importEntries(bob, entries)).json().data).toMatchObject({ imported: 620 });
    // Every third entry has the same password: one group of 207, counted once for all of them.
    await expectCountsOfEntries(bob, { total: 621, reused: 207 });

    const again = entries.slice(0, 30).map((entry) => ({ ...entry, category: 'social', password: 'abc' }));
    expect((await importEntries(bob, again, true)).json().data).toMatchObject({ updated: 30 });
    await expectCountsOfEntries(bob, { total: 621, reused: 227 });
  });

  it('after the clock passes the cut-off, in the months before it and in its own month', async () => {
    let carol = await createUser(t);
    await create(carol, { title: 'Two months before' });
    carol = await later(t, carol, 40 * DAY_MS);
    await create(carol, { title: 'Just before' });
    carol = await later(t, carol, 2 * 60 * 1000);
    await create(carol, { title: 'Just after' });
    await expectCountsOfEntries(carol, { total: 3, old: 0 });

    // The cut-off falls between the last two saves: the first is in a month before the cut-off's.
    carol = await later(t, carol, 365 * DAY_MS - 60 * 1000);
    await expectCountsOfEntries(carol, { total: 3, old: 2 });
    carol = await later(t, carol, 2 * 60 * 1000);
    await expectCountsOfEntries(carol, { total: 3, old: 3 });
  });

  it('are filled from the entries already there when the migration runs', async () => {
    const erin = await createUser(t);
    await create(erin, { title: 'Before the tallies', category: 'finance', password: 'abc' });
    await create(erin, { title: 'Also before', isFavorite: true, password: 'abc' });
    await migrateTo(t.db, '2026_11_28_022_postgres_category_index_ids');
    await migrateToLatest(t.db);
    await expectCountsOfEntries(erin, { total: 2, weak: 2, reused: 2 });
  });

  it('leaves no tallies behind when an account is deleted', async () => {
    const dave = await createUser(t);
    await create(dave, { title: 'Soon gone' });
    const res = await call(dave, 'DELETE', '/api/user/account', {
      password: dave.password,
      masterPassword: dave.masterPassword,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from vault_tallies
      where user_id = ${dave.userId}`.execute(t.db);
    expect(Number(rows[0].n)).toBe(0);
  });
});
