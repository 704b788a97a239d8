// GET /api/passwords in windows: keyset cursors, the total, and search through the index (the same on
// SQLite and PostgreSQL: this file runs in both server projects).
import type { PasswordEntry, PasswordListPage } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { listPage, walkList } from '../../test/listWindows';
import { INVALID_CURSOR } from '../../http/keysetCursor';
import { MAX_LIST_CURSOR_LENGTH } from './listCursor';
import { FEW_MATCHES, planSearch } from './entryList.repository';

/** Imports `entries` (JSON) into `user`'s vault through the API. */
async function importEntries(t: TestApp, user: TestUser, entries: Record<string, unknown>[]) {
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/utility/import',
    headers: user.auth,
    payload: {
      masterPassword: user.masterPassword,
      format: 'json',
      data: JSON.stringify({ passwords: entries }),
    },
  });
  expect(imported.statusCode).toBe(200);
}

describe('GET /api/passwords in windows', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const create = async (user: TestUser, fields: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/passwords',
      headers: user.auth,
      payload: { password: 'Secret-1!', masterPassword: user.masterPassword, ...fields },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.password as PasswordEntry;
  };
  const page = (query: Record<string, string>, user: TestUser = alice) => listPage(t, user, query);
  const walk = (query: Record<string, string>) => walkList(t, alice, query);

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob] = [await createUser(t), await createUser(t)];
    // Entry 1 .. Entry 25, one second apart; every fifth a favourite, every third in work.
    for (let n = 1; n <= 25; n += 1) {
      await create(alice, {
        title: `Entry ${n}`,
        category: n % 3 === 0 ? 'work' : 'other',
        isFavorite: n % 5 === 0,
      });
      t.clock.advance(1000);
    }
    await create(bob, { title: 'Entry of Bob' });
  });
  afterAll(() => t.close());

  const titlesFrom = (from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, i) => `Entry ${from - i}`);

  it('answers windows newest first that add up to the whole list, each with the total', async () => {
    const { windows, totals } = await walk({ limit: '10' });
    expect(windows).toEqual([titlesFrom(25, 16), titlesFrom(15, 6), titlesFrom(5, 1)]);
    expect(totals).toEqual([25]);
  });

  it('says where the list ends: no cursor after the last window, also when it is exactly full', async () => {
    const full = await page({ limit: '25' });
    expect(full.passwords).toHaveLength(25);
    expect(full.nextCursor).toBeNull();
    const all = await page({});
    expect(all).toEqual({ passwords: expect.any(Array), nextCursor: null, total: 25 });
    expect(all.passwords).toHaveLength(25);
  });

  it('answers an empty window past the end', async () => {
    const first = await page({ limit: '24' });
    const last = await page({ limit: '24', cursor: first.nextCursor as string });
    expect(last.passwords.map((entry) => entry.title)).toEqual(['Entry 1']);
    expect(last.nextCursor).toBeNull();
    // A cursor at the very last entry: nothing after it.
    const atEnd = await page({ limit: '1', cursor: first.nextCursor as string });
    const beyond = await page({ limit: '5', cursor: atEnd.nextCursor ?? (await cursorAfterLast()) });
    expect(beyond).toEqual({ passwords: [], nextCursor: null, total: 25 });
  });
  /** A cursor pointing at Entry 1, the oldest. */
  const cursorAfterLast = async () => {
    const all = await page({ limit: '24' });
    const rest = await page({ limit: '1', cursor: all.nextCursor as string });
    expect(rest.passwords[0].title).toBe('Entry 1');
    return Buffer.from(JSON.stringify([rest.passwords[0].createdAt, rest.passwords[0]._id])).toString(
      'base64url',
    );
  };

  it('keeps the order stable while entries are added and deleted between windows', async () => {
    const dave = await createUser(t);
    for (let n = 1; n <= 12; n += 1) {
      await create(dave, { title: `Entry ${n}` });
      t.clock.advance(1000);
    }
    const first = await page({ limit: '5' }, dave);
    expect(first.passwords.map((entry) => entry.title)).toEqual(titlesFrom(12, 8));
    // Newer entries arrive and an entry of the first window goes: the next window neither repeats nor skips.
    await create(dave, { title: 'Newer A' });
    await create(dave, { title: 'Newer B' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/passwords/${first.passwords[1]._id}`,
      headers: dave.auth,
      payload: { masterPassword: dave.masterPassword },
    });
    expect(removed.statusCode).toBe(200);

    const second = await page({ limit: '5', cursor: first.nextCursor as string }, dave);
    expect(second.passwords.map((entry) => entry.title)).toEqual(titlesFrom(7, 3));
    expect(second.total).toBe(13);
  });

  it('pages through entries with the same creation time (the id breaks the tie)', async () => {
    const carol = await createUser(t);
    const createdAt = '2026-03-01T10:00:00.000Z';
    const entries = Array.from({ length: 7 }, (_, n) => ({
      title: `Same ${n}`,
      email: `same${n}@example.test`,
      password: 'Secret-1!',
      createdAt,
      updatedAt: createdAt,
    }));
    await importEntries(t, carol, entries);
    const seen: PasswordEntry[] = [];
    let cursor: string | null = null;
    do {
      const answer: PasswordListPage = await page(cursor ? { limit: '3', cursor } : { limit: '3' }, carol);
      seen.push(...answer.passwords);
      // The import's rows are counted too (the total of an unfiltered list is a counter kept by the database).
      expect(answer.total).toBe(7);
      cursor = answer.nextCursor;
    } while (cursor);
    expect(seen.map((entry) => entry.createdAt)).toEqual(Array(7).fill(createdAt));
    const ids = seen.map((entry) => entry._id);
    expect(new Set(ids).size).toBe(7);
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it('windows a filtered and searched list, with the filtered total', async () => {
    // "entry 1" is in Entry 1 and Entry 10..19: eleven entries.
    const searched = await walk({ search: 'ENTRY 1', limit: '4' });
    expect(searched.windows.flat()).toEqual([...titlesFrom(19, 10), 'Entry 1']);
    expect(searched.windows.map((w) => w.length)).toEqual([4, 4, 3]);
    expect(searched.totals).toEqual([11]);

    const favouriteWork = await walk({ category: 'work', favorite: 'true', limit: '1' });
    expect(favouriteWork.windows).toEqual([['Entry 15']]);
    expect(favouriteWork.totals).toEqual([1]);

    const workSearch = await walk({ category: 'work', search: 'try 2', limit: '2' });
    expect(workSearch.windows.flat()).toEqual(['Entry 24', 'Entry 21']);
  });

  it('refuses a cursor it did not write, with a clear message', async () => {
    for (const cursor of ['garbage', Buffer.from('{"a":1}').toString('base64url'), '%00']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/passwords?limit=5&cursor=${cursor}`,
        headers: alice.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVALID_CURSOR });
    }
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/passwords?cursor=${'x'.repeat(MAX_LIST_CURSOR_LENGTH + 1)}`,
      headers: alice.auth,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: `cursor must be at most ${MAX_LIST_CURSOR_LENGTH} characters` });
  });

  it("never reaches another user's entries, whatever the cursor", async () => {
    const first = await page({ limit: '5' });
    const answer = await page({ limit: '5', cursor: first.nextCursor as string }, bob);
    expect(answer.passwords.map((entry) => entry.title)).toEqual([]);
    expect(answer.total).toBe(1);
  });
});

describe('search: a substring of title, website, username or e-mail, with full Unicode case folding', () => {
  let t: TestApp;
  let user: TestUser;
  const titles = async (search: string): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/passwords?${new URLSearchParams({ search }).toString()}`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.passwords.map((entry: PasswordEntry) => entry.title);
  };

  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t);
    const entries = [
      { title: 'Straße Bank', website: 'https://bank.example' },
      { title: 'ΣΟΦΊΑ Mail', username: 'Odysseus' },
      { title: 'Ofﬁce Suite', email: 'ÉLODIE@Example.test' },
      { title: 'Plain', website: 'https://XY.example', username: 'ab' },
    ];
    for (const fields of entries) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: user.auth,
        payload: { password: 'Secret-1!', masterPassword: user.masterPassword, ...fields },
      });
      expect(res.statusCode).toBe(201);
      t.clock.advance(1000);
    }
  });
  afterAll(() => t.close());

  it.each<[string, string[]]>([
    ['STRASSE', ['Straße Bank']],
    ['straße', ['Straße Bank']],
    ['σοφία', ['ΣΟΦΊΑ Mail']],
    ['ΣΟΦΊΑ', ['ΣΟΦΊΑ Mail']],
    ['office', ['Ofﬁce Suite']],
    ['élodie@example', ['Ofﬁce Suite']],
    ['ODYSS', ['ΣΟΦΊΑ Mail']],
    // One and two characters (below the trigram index): still a substring match.
    ['é', ['Ofﬁce Suite']],
    ['XY', ['Plain']],
    // ß folds to ss (as in Odysseus).
    ['ß', ['ΣΟΦΊΑ Mail', 'Straße Bank']],
    // A match never spans two fields (title, then website).
    ['bank https', []],
    ['bank\nhttps', []],
    // Quotes and operators are text, not query syntax.
    ['"bank"', []],
    ['bank OR mail', []],
    ['*', []],
  ])('search=%j finds %j', async (search, expected) => {
    expect(await titles(search)).toEqual(expected);
  });
});

describe('search read from its few matches or along the rows: the same entries either way', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const SHARED = FEW_MATCHES + 50;
  /** Every 400th of Alice's entries: a rare text in the username. */
  const rare = (n: number) => n % 400 === 0;

  /** Every title of Alice's list in order, across its windows, and the totals they reported. */
  const walk = async (query: Record<string, string>) => {
    const { windows, totals } = await walkList(t, alice, query);
    return { titles: windows.flat(), totals };
  };
  /** Alice's entries numbered `n` that pass `keep`, newest (the highest number) first. */
  const expected = (keep: (n: number) => boolean) =>
    Array.from({ length: SHARED }, (_, i) => SHARED - i)
      .filter(keep)
      .map((n) => `Shared ${n}`);

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob] = [await createUser(t), await createUser(t)];
    // One minute apart, Shared 1 the oldest; every seventh in work, every fifth a favourite.
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    await importEntries(
      t,
      alice,
      Array.from({ length: SHARED }, (_, i) => {
        const n = i + 1;
        const at = new Date(start + n * 60_000).toISOString();
        return {
          title: `Shared ${n}`,
          website: `https://shared.example/${n}`,
          username: rare(n) ? `Needle-${n}` : `user${n}`,
          category: n % 7 === 0 ? 'work' : 'other',
          isFavorite: n % 5 === 0,
          password: 'Secret-1!',
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
    // Bob's needle and shared entries are in the same index: never in Alice's answers.
    await importEntries(t, bob, [
      { title: 'Shared of Bob', username: 'needle-bob', password: 'Secret-1!' },
      { title: 'Shared too', password: 'Secret-1!' },
    ]);
  });
  afterAll(() => t.close());

  it('plans a rare text from its matches and a common one along the rows (SQLite; PostgreSQL plans itself)', async () => {
    const planOf = async (search: string) => (await planSearch(t.db, alice.userId, { search })).searchPlan;
    if (t.sqliteFile) {
      expect(await planOf('needle')).toBe('matches');
      expect(await planOf('shared')).toBe('scan');
      // Below three characters the owner's matches decide: "e-" is in Alice's needles alone.
      expect(await planOf('e-')).toBe('matches');
      expect(await planOf('sh')).toBe('scan');
      // A category beside it changes nothing: the search's own matches decide.
      expect((await planSearch(t.db, alice.userId, { search: '/2', category: 'work' })).searchPlan).toBe(
        'matches',
      );
    } else {
      expect(await planOf('needle')).toBeUndefined();
      expect(await planOf('e-')).toBeUndefined();
    }
  });

  it('finds a rare text of two characters, in windows, with its total, in every order', async () => {
    const needles = expected(rare);
    const { titles, totals } = await walk({ search: 'E-', limit: '2' });
    expect(titles).toEqual(needles);
    expect(totals).toEqual([needles.length]);
    const favourite = (n: number) => n % 5 === 0;
    expect((await walk({ search: 'e-', favoritesFirst: 'true', limit: '2' })).titles).toEqual([
      ...expected((n) => rare(n) && favourite(n)),
      ...expected((n) => rare(n) && !favourite(n)),
    ]);
    expect((await walk({ search: 'e-', sort: 'name', limit: '3' })).titles).toEqual([...needles].sort());
    // "/2" is in the address of every entry numbered from 2 (162 of them, of every kind), narrowed here.
    const fromTwo = (n: number) => String(n).startsWith('2');
    const work = (n: number) => n % 7 === 0;
    for (const [query, keep] of [
      [{ category: 'work' }, (n: number) => fromTwo(n) && work(n)],
      [{ category: 'other' }, (n: number) => fromTwo(n) && !work(n)],
      [{ favorite: 'true' }, (n: number) => fromTwo(n) && favourite(n)],
      [{ favorite: 'false', sort: 'name' }, (n: number) => fromTwo(n) && !favourite(n)],
    ] as const) {
      const narrowed = await walk({ search: '/2', limit: '25', ...query });
      const titles = expected(keep);
      expect(narrowed.titles).toEqual('sort' in query ? [...titles].sort() : titles);
      expect(narrowed.totals).toEqual([titles.length]);
    }
    // A letter in none of Alice's entries: an empty list, whatever the order.
    const orders: Record<string, string>[] = [
      {},
      { favoritesFirst: 'true' },
      { sort: 'name' },
      { category: 'work' },
      { favorite: 'true' },
    ];
    for (const order of orders) {
      expect(await walk({ search: 'q', limit: '2', ...order })).toEqual({ titles: [], totals: [0] });
    }
    // A common one of two characters: every entry, walked along the rows.
    const common = await walk({ search: 'sh', limit: '700' });
    expect(common.titles).toEqual(expected(() => true));
    expect(common.totals).toEqual([SHARED]);
  });

  it('finds a rare text, in windows, with its total, never another user’s', async () => {
    const { titles, totals } = await walk({ search: 'NEEDLE', limit: '2' });
    expect(titles).toEqual(expected(rare));
    expect(totals).toEqual([expected(rare).length]);
  });

  it('finds a common text, in windows, with its total', async () => {
    const { titles, totals } = await walk({ search: 'shared', limit: '700' });
    expect(titles).toEqual(expected(() => true));
    expect(totals).toEqual([SHARED]);
  });

  it('combines either with a category, favourites first and the order by name', async () => {
    const work = (n: number) => n % 7 === 0;
    const needleWork = await walk({ search: 'needle', category: 'work', limit: '1' });
    expect(needleWork.titles).toEqual(expected((n) => rare(n) && work(n)));
    const sharedWork = await walk({ search: 'shared', category: 'work', limit: '100' });
    expect(sharedWork.titles).toEqual(expected(work));
    expect(sharedWork.totals).toEqual([expected(work).length]);

    const favourite = (n: number) => n % 5 === 0;
    const favouritesFirst = [
      ...expected((n) => rare(n) && favourite(n)),
      ...expected((n) => rare(n) && !favourite(n)),
    ];
    expect((await walk({ search: 'needle', favoritesFirst: 'true', limit: '2' })).titles).toEqual(
      favouritesFirst,
    );

    const byName = [...expected(rare)].sort();
    expect((await walk({ search: 'needle', sort: 'name', limit: '2' })).titles).toEqual(byName);
  });
});
