// GET /api/passwords?offset=: a window anywhere in the list in one request. Each offset window is held to
// the slice of the whole list (read in one answer) at its position, in every order, with favourites
// first, filters and every search plan (SQLite's few matches or walk along the rows; PostgreSQL's own).
// Runs on SQLite and on PostgreSQL (both server projects).
import { MAX_LIST_OFFSET } from '../../../src/common/limits';
import type { PasswordListPage } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { listPage } from '../../test/listWindows';
import { startTestApp, type TestApp } from '../../test/testApp';
import { FEW_MATCHES } from './entryList.repository';
import { CURSOR_WITH_OFFSET, INVALID_OFFSET } from './passwords.schemas';

/** More than FEW_MATCHES: a text every entry has is read along the rows on SQLite. */
const SIZE = FEW_MATCHES + 100;
const WORDS = ['Kilo', 'alpha', 'Echo', 'bravo', 'Delta', 'charlie', 'Foxtrot'];
const titleOf = (n: number) => `${WORDS[n % WORDS.length]} ${n}`;
/** 12 entries with a rare text ("needle"), two of them favourites. */
const rare = (n: number) => n % 173 === 0;
/** 262 favourites, 87 of them in work. */
const favourite = (n: number) => n % 8 === 5;
const FAVOURITES = Array.from({ length: SIZE }, (_, i) => i + 1).filter(favourite).length;

describe('GET /api/passwords at an offset', () => {
  let t: TestApp;
  let alice: TestUser;

  const page = (query: Record<string, string>) => listPage(t, alice, query);
  const titles = (answer: PasswordListPage) => answer.passwords.map((entry) => entry.title);
  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/passwords?${query}`, headers: alice.auth });

  /** The whole list in one answer, and each offset window held to its slice of it. */
  async function expectSlices(query: Record<string, string>, offsets: number[], limit = 25) {
    const whole = await page({ ...query, limit: '10000' });
    expect(whole.passwords).toHaveLength(whole.total);
    for (const offset of offsets) {
      const answer = await page({ ...query, limit: String(limit), offset: String(offset) });
      expect({ offset, titles: titles(answer) }).toEqual({
        offset,
        titles: titles(whole).slice(offset, offset + limit),
      });
      expect(answer.total).toBe(whole.total);
      expect(answer.nextCursor === null).toBe(offset + limit >= whole.total);
    }
    return whole;
  }

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createUser(t);
    const bob = await createUser(t);
    // Created a minute apart (Alice 1 the oldest), updated in another order (37 is prime to SIZE), named
    // in a third; every third in work.
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const entries = Array.from({ length: SIZE }, (_, i) => {
      const n = i + 1;
      return {
        title: titleOf(n),
        website: `https://site.example/${n}`,
        username: rare(n) ? `Needle-${n}` : `user${n}`,
        category: n % 3 === 0 ? 'work' : 'other',
        isFavorite: favourite(n),
        password: 'Secret-1!',
        createdAt: at(n),
        updatedAt: at(SIZE + ((n * 37) % SIZE)),
      };
    });
    for (const [user, passwords] of [
      [alice, entries],
      // Bob's entries share every text: never in Alice's windows nor totals.
      [bob, entries.slice(0, 50)],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/utility/import',
        headers: user.auth,
        payload: { masterPassword: user.masterPassword, format: 'json', data: JSON.stringify({ passwords }) },
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('answers the slice of the whole list at the offset, in every order', async () => {
    const orders: string[][] = [];
    for (const sort of ['created', 'updated', 'name']) {
      const whole = await expectSlices({ sort }, [1, 7, 1000, SIZE - 30, SIZE - 25, SIZE - 3]);
      expect(whole.total).toBe(SIZE);
      orders.push(titles(whole));
    }
    // Three different orders, the newest first.
    expect(new Set(orders.map((order) => order.join())).size).toBe(3);
    expect(orders[0].slice(0, 2)).toEqual([titleOf(SIZE), titleOf(SIZE - 1)]);
  });

  it('with favourites first: inside the favourites, across into the others, and in the others', async () => {
    for (const sort of ['created', 'updated', 'name']) {
      const whole = await expectSlices({ sort, favoritesFirst: 'true' }, [
        3,
        FAVOURITES - 25,
        FAVOURITES - 10,
        FAVOURITES,
        FAVOURITES + 1,
        FAVOURITES + 500,
        SIZE - 5,
      ]);
      const favourites = whole.passwords.map((entry) => entry.isFavorite);
      expect(favourites.indexOf(false)).toBe(FAVOURITES);
      expect(favourites.lastIndexOf(true)).toBe(FAVOURITES - 1);
    }
    // A search (two favourite needles) and a category beside favourites first.
    const needles = await expectSlices({ search: 'needle', favoritesFirst: 'true' }, [1, 2, 5], 2);
    expect(needles.passwords.map((entry) => entry.isFavorite)).toEqual([
      true,
      true,
      ...Array(10).fill(false),
    ]);
    await expectSlices({ category: 'work', favoritesFirst: 'true', sort: 'name' }, [10, 62, 80, 87, 400]);
  });

  it('with a category and a search, and searches of one letter and of three or more', async () => {
    // "site" is in every entry (read along the rows on SQLite), "needle" in 12 (from their matches); "k"
    // in a seventh (from the owner's matches), "e" in all (along the rows).
    const needles = await expectSlices({ search: 'needle' }, [1, 5, 11], 3);
    expect(needles.total).toBe(12);
    expect((await expectSlices({ search: 'SITE' }, [0, 1, 999, SIZE - 10])).total).toBe(SIZE);
    expect((await expectSlices({ search: 'k', sort: 'name' }, [1, 100, 290])).total).toBe(300);
    expect((await expectSlices({ search: 'e', sort: 'updated' }, [2, 1500])).total).toBe(SIZE);
    const work = await expectSlices({ category: 'work', search: 'site', sort: 'updated' }, [1, 300, 690]);
    expect(work.total).toBe(SIZE / 3);
    expect((await expectSlices({ category: 'work', search: 'needle' }, [1, 3], 1)).total).toBe(4);
    const workFavouriteK = { category: 'work', search: 'k', favorite: 'true' };
    expect((await expectSlices(workFavouriteK, [1, 9, 12], 3)).total).toBe(13);
  });

  it('answers an empty window with the total at or past the end, and the rest without a limit', async () => {
    for (const offset of [SIZE, SIZE + 1, MAX_LIST_OFFSET]) {
      expect(await page({ limit: '25', offset: String(offset) })).toEqual({
        passwords: [],
        nextCursor: null,
        total: SIZE,
      });
      expect(await page({ favoritesFirst: 'true', limit: '5', offset: String(offset) })).toEqual({
        passwords: [],
        nextCursor: null,
        total: SIZE,
      });
    }
    expect(await page({ search: 'needle', limit: '5', offset: '12' })).toEqual({
      passwords: [],
      nextCursor: null,
      total: 12,
    });
    expect(await page({ search: 'q', offset: '3' })).toEqual({ passwords: [], nextCursor: null, total: 0 });
    // No limit: the rest of the list, in one answer.
    const queries: Record<string, string>[] = [
      {},
      { favoritesFirst: 'true' },
      { sort: 'name', search: 'site' },
    ];
    for (const query of queries) {
      const whole = titles(await page({ ...query, limit: '10000' }));
      for (const offset of [3, FAVOURITES + 2, SIZE - 4]) {
        const rest = await page({ ...query, offset: String(offset) });
        expect(titles(rest)).toEqual(whole.slice(offset));
        expect(rest.nextCursor).toBeNull();
      }
    }
  });

  it('answers offset=0 exactly as no offset', async () => {
    for (const query of [
      'limit=25',
      'limit=25&favoritesFirst=true&sort=name',
      'search=needle&limit=5',
      'search=k&category=work&limit=7',
      'limit=10000',
    ]) {
      const [plain, atZero] = [await get(query), await get(`${query}&offset=0`)];
      expect(atZero.statusCode).toBe(200);
      expect(atZero.body).toBe(plain.body);
    }
  });

  it("answers a cursor that continues where the offset's window ended", async () => {
    for (const [query, offsets] of [
      [{}, [100, SIZE - 30]],
      [{ sort: 'name', favoritesFirst: 'true' }, [FAVOURITES - 30, FAVOURITES - 10, FAVOURITES + 7]],
      [{ search: 'site', sort: 'updated' }, [1500]],
      [{ search: 'e', favoritesFirst: 'true' }, [FAVOURITES - 5]],
      [{ search: 'k', category: 'work' }, [50]],
    ] as const) {
      const whole = titles(await page({ ...query, limit: '10000' }));
      for (const offset of offsets) {
        const first = await page({ ...query, limit: '25', offset: String(offset) });
        expect(first.nextCursor).not.toBeNull();
        const next = await page({ ...query, limit: '25', cursor: first.nextCursor as string });
        expect(titles(next)).toEqual(whole.slice(offset + 25, offset + 50));
      }
    }
  });

  it('refuses an offset with a cursor, and an offset that is not a whole number in range', async () => {
    const first = await page({ limit: '5' });
    for (const offset of ['5', '0']) {
      const res = await get(`limit=5&cursor=${first.nextCursor as string}&offset=${offset}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: CURSOR_WITH_OFFSET });
    }
    expect(CURSOR_WITH_OFFSET).toBe('Use either cursor or offset, not both');
    expect(INVALID_OFFSET).toBe('offset must be a whole number from 0 to 10000000');
    for (const offset of ['-1', '1.5', 'abc', '', String(MAX_LIST_OFFSET + 1), '5&offset=6']) {
      const res = await get(`limit=5&offset=${offset}`);
      expect({ offset, status: res.statusCode, body: res.json() }).toEqual({
        offset,
        status: 400,
        body: { message: INVALID_OFFSET },
      });
    }
  });
});
