// GET /api/passwords in the list's orders (newest first, last updated, by name) and with favourites first:
// keyset windows that add up to the whole list in every order, stay stable while entries come and go,
// and refuse a cursor of another order. Runs on SQLite and on PostgreSQL (both server projects).
import type { PasswordEntry } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { listPage, walkList } from '../../test/listWindows';
import { INVALID_CURSOR } from '../../http/keysetCursor';

describe('GET /api/passwords in orders', () => {
  let t: TestApp;
  let alice: TestUser;

  const call = (user: TestUser, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/passwords${url}`, headers: user.auth, payload });
  const create = async (user: TestUser, fields: Record<string, unknown>) => {
    const res = await call(user, 'POST', '', {
      password: 'Secret-1!',
      masterPassword: user.masterPassword,
      ...fields,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.password as PasswordEntry;
  };
  const page = (user: TestUser, query: Record<string, string>) => listPage(t, user, query);
  /** Every window's titles, following the cursors to the end. */
  const walk = async (user: TestUser, query: Record<string, string>) =>
    (await walkList(t, user, query)).windows;

  // Created in this order, a second apart; Émile sorts with E, "zeta" before "Zoë" whatever the case.
  const TITLES = ['banana', 'Émile', 'apple', 'Zoë', 'zeta', 'Cherry', 'date', 'Apple pie'];
  const BY_NAME = ['apple', 'Apple pie', 'banana', 'Cherry', 'date', 'Émile', 'zeta', 'Zoë'];
  const FAVOURITES = new Set(['Zoë', 'date']);
  let entries: Record<string, PasswordEntry>;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createUser(t);
    entries = {};
    for (const title of TITLES) {
      entries[title] = await create(alice, { title, isFavorite: FAVOURITES.has(title) });
      t.clock.advance(1000);
    }
    // Edited later, in this order: the last updated first is Cherry, then banana.
    for (const title of ['banana', 'Cherry']) {
      const res = await call(alice, 'PUT', `/${entries[title]._id}`, {
        notes: `edited ${title}`,
        masterPassword: alice.masterPassword,
      });
      expect(res.statusCode).toBe(200);
      t.clock.advance(1000);
    }
  });
  afterAll(() => t.close());

  const newestFirst = [...TITLES].reverse();

  it.each([
    ['created', newestFirst],
    [
      'updated',
      ['Cherry', 'banana', ...newestFirst.filter((title) => !['Cherry', 'banana'].includes(title))],
    ],
    ['name', BY_NAME],
  ])('sort=%s answers windows that add up to the list in that order', async (sort, expected) => {
    for (const limit of ['1', '3', '8', '100']) {
      const windows = await walk(alice, { sort, limit });
      expect(windows.flat()).toEqual(expected);
      expect(windows.every((window) => window.length <= Number(limit))).toBe(true);
    }
    // Without a sort, newest first (SPEC's list).
    if (sort === 'created') expect((await walk(alice, { limit: '3' })).flat()).toEqual(expected);
  });

  it('puts favourites first in each order, across window boundaries', async () => {
    const favouritesFirst = (order: string[]) => [
      ...order.filter((title) => FAVOURITES.has(title)),
      ...order.filter((title) => !FAVOURITES.has(title)),
    ];
    for (const limit of ['1', '2', '3', '100']) {
      expect((await walk(alice, { sort: 'name', favoritesFirst: 'true', limit })).flat()).toEqual(
        favouritesFirst(BY_NAME),
      );
      expect((await walk(alice, { favoritesFirst: 'true', limit })).flat()).toEqual(
        favouritesFirst(newestFirst),
      );
    }
    // With only favourites asked for, there are no others to put after them.
    expect(
      (await walk(alice, { favoritesFirst: 'true', favorite: 'true', sort: 'name', limit: '1' })).flat(),
    ).toEqual(['date', 'Zoë']);
  });

  it('combines an order with search and filters, with the filtered total', async () => {
    const answer = await page(alice, { sort: 'name', search: 'APP', limit: '1' });
    expect(answer.passwords.map((entry) => entry.title)).toEqual(['apple']);
    expect(answer.total).toBe(2);
    expect((await walk(alice, { sort: 'name', search: 'app', limit: '1' })).flat()).toEqual([
      'apple',
      'Apple pie',
    ]);
    expect(
      (await walk(alice, { sort: 'updated', favorite: 'false', search: 'e', limit: '2' })).flat(),
    ).toEqual(['Cherry', 'Apple pie', 'zeta', 'apple', 'Émile']);
  });

  it('keeps a name-ordered walk stable while entries are added and deleted between windows', async () => {
    const bob = await createUser(t);
    for (const title of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']) await create(bob, { title });
    const first = await page(bob, { sort: 'name', limit: '2' });
    expect(first.passwords.map((entry) => entry.title)).toEqual(['b1', 'b2']);
    // A new entry before the cursor, one after it, and one of the next window deleted.
    await create(bob, { title: 'a0' });
    await create(bob, { title: 'b35' });
    const b3 = (await page(bob, { sort: 'name', search: 'b3', limit: '1' })).passwords[0];
    expect(b3.title).toBe('b3');
    const removed = await call(bob, 'DELETE', `/${b3._id}`, { masterPassword: bob.masterPassword });
    expect(removed.statusCode).toBe(200);
    const rest = await walk(bob, { sort: 'name', limit: '2', cursor: first.nextCursor as string });
    expect(rest.flat()).toEqual(['b35', 'b4', 'b5', 'b6']);
  });

  it("refuses another order's cursor, and reads a cursor of the newest-first list written before orders existed", async () => {
    const byName = await page(alice, { sort: 'name', limit: '2' });
    const queries: Record<string, string>[] = [
      { sort: 'updated', cursor: byName.nextCursor as string },
      { sort: 'name', favoritesFirst: 'true', cursor: byName.nextCursor as string },
    ];
    for (const query of queries) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/passwords?${new URLSearchParams({ limit: '2', ...query }).toString()}`,
        headers: alice.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVALID_CURSOR });
    }
    const newest = await page(alice, { limit: '3' });
    const third = newest.passwords[2];
    const legacy = Buffer.from(JSON.stringify([third.createdAt, third._id])).toString('base64url');
    const after = await page(alice, { limit: '2', cursor: legacy });
    expect(after.passwords.map((entry) => entry.title)).toEqual(newestFirst.slice(3, 5));
  });

  it('refuses an unknown order with the values it takes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/passwords?sort=size', headers: alice.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('sort must be one of: created, updated, name');
  });
});
