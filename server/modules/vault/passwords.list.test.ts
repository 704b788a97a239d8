import type { PasswordEntry } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';

const SECRET = 'Searchable-Secret-5e1d';

// Created in this order, one second apart: the list answers them newest first.
const SEED: Record<string, unknown>[] = [
  { title: '100% Legit', category: 'finance' },
  { title: '1000 Legit', category: 'other' },
  { title: 'under_score', category: 'work', isFavorite: true },
  { title: 'underXscore', category: 'work' },
  { title: 'O\'Brien "quoted" shop', category: 'shopping' },
  { title: 'back\\slash', category: 'other' },
  { title: 'backslash', category: 'other' },
  {
    title: 'MixedCase Bank',
    website: 'https://Example.COM/login',
    username: 'JohnDoe',
    email: 'John.Doe@Mail.test',
    category: 'finance',
    isFavorite: true,
  },
];

describe('GET /api/passwords, stats and favourites', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  /** Titles, newest first. */
  let newestFirst: string[];

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob] = [await createUser(t), await createUser(t)];
    for (const fields of SEED) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: alice.auth,
        payload: {
          password: SECRET,
          notes: `notes ${SECRET}`,
          ...fields,
          masterPassword: alice.masterPassword,
        },
      });
      expect(res.statusCode).toBe(201);
      t.clock.advance(1000);
    }
    newestFirst = SEED.map((fields) => String(fields.title)).reverse();
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/passwords${url}`, headers: user.auth });
  async function titles(query: Record<string, string>, user: TestUser = alice): Promise<string[]> {
    const res = await get(user, `?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.passwords.map((entry: PasswordEntry) => entry.title);
  }

  describe('list', () => {
    it('answers every entry, newest first, without any secret', async () => {
      const res = await get(alice, '');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data.passwords.map((entry: PasswordEntry) => entry.title)).toEqual(newestFirst);
      for (const entry of body.data.passwords) {
        expect(Object.keys(entry).sort()).toEqual([
          '_id',
          'category',
          'createdAt',
          'email',
          'fields',
          'hasNotes',
          'hasTotp',
          'health',
          'isFavorite',
          'tags',
          'title',
          'updatedAt',
          'username',
          'website',
        ]);
      }
      expect(res.payload).not.toContain(SECRET);
      expect(res.payload).not.toMatch(/"v1\./);
      expect(res.payload).not.toMatch(
        /notes|password_enc|notes_enc|totp_enc|fields_enc|fields_listed|user_id/,
      );
    });

    it('limits the answer to the newest entries', async () => {
      expect(await titles({ limit: '3' })).toEqual(newestFirst.slice(0, 3));
      expect(await titles({ limit: '10000' })).toEqual(newestFirst);
    });

    it.each(['0', '10001', 'abc', '2.5', '-1'])('refuses limit=%s with 400', async (limit) => {
      const res = await get(alice, `?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'limit must be a whole number from 1 to 10000' });
    });

    it('filters by category; all means no filter', async () => {
      expect(await titles({ category: 'finance' })).toEqual(['MixedCase Bank', '100% Legit']);
      expect(await titles({ category: 'social' })).toEqual([]);
      expect(await titles({ category: 'all' })).toEqual(newestFirst);
      const res = await get(alice, '?category=bogus');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Category must be one of: all, social, work/);
    });

    it('filters by favourite', async () => {
      expect(await titles({ favorite: 'true' })).toEqual(['MixedCase Bank', 'under_score']);
      expect(await titles({ favorite: 'false' })).toHaveLength(SEED.length - 2);
      const res = await get(alice, '?favorite=yes');
      expect(res.statusCode).toBe(400);
    });

    it('combines search, category, favourite and limit', async () => {
      expect(await titles({ search: 'legit', category: 'finance', favorite: 'false' })).toEqual([
        '100% Legit',
      ]);
      expect(await titles({ search: 'under', favorite: 'true', limit: '1' })).toEqual(['under_score']);
    });

    it("never lists another user's entries", async () => {
      expect(await titles({}, bob)).toEqual([]);
      expect(await titles({ search: 'Legit' }, bob)).toEqual([]);
    });
  });

  describe('search', () => {
    it.each<[string, string[]]>([
      ['%', ['100% Legit']],
      ['0%', ['100% Legit']],
      ['%%', []],
      ['_', ['under_score']],
      ['under_s', ['under_score']],
      ["'", ['O\'Brien "quoted" shop']],
      ['"quoted"', ['O\'Brien "quoted" shop']],
      ['\\', ['back\\slash']],
      ['k\\s', ['back\\slash']],
      ['\\%', []],
      ['mixedcase', ['MixedCase Bank']],
      ['MIXEDCASE bank', ['MixedCase Bank']],
      ['legit', ['1000 Legit', '100% Legit']],
      ['example.com/LOGIN', ['MixedCase Bank']],
      ['johndoe', ['MixedCase Bank']],
      ['john.doe@mail', ['MixedCase Bank']],
      [SECRET, []],
      ["' OR 1=1 --", []],
    ])('search=%j finds %j', async (search, expected) => {
      expect(await titles({ search })).toEqual(expected);
    });

    it('treats an empty search as no filter', async () => {
      expect(await titles({ search: '' })).toEqual(newestFirst);
    });

    it('refuses a search longer than 200 characters', async () => {
      const res = await get(alice, `?search=${'x'.repeat(201)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Search must be at most 200 characters' });
    });
  });

  describe('GET /api/passwords/stats', () => {
    it('counts entries, favourites and the categories that have entries', async () => {
      const res = await get(alice, '/stats');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: { total: 8, favorites: 2, categories: { finance: 2, other: 3, work: 2, shopping: 1 } },
      });
    });

    it('answers zeros for an empty vault', async () => {
      const res = await get(bob, '/stats');
      expect(res.json()).toEqual({ success: true, data: { total: 0, favorites: 0, categories: {} } });
    });
  });

  describe('PATCH /api/passwords/:id/favorite', () => {
    const toggle = (user: TestUser, id: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/passwords/${id}/favorite`, headers: user.auth });
    const entryTitled = async (title: string): Promise<PasswordEntry> =>
      (await get(alice, '')).json().data.passwords.find((entry: PasswordEntry) => entry.title === title);
    const favourites = async () => (await get(alice, '/stats')).json().data.favorites;

    it('toggles on and off, and the list and stats follow', async () => {
      const entry = await entryTitled('backslash');
      t.clock.advance(1000);

      const on = await toggle(alice, entry._id);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({
        success: true,
        message: 'Added to favorites',
        data: { password: { ...entry, isFavorite: true, updatedAt: expect.any(String) } },
      });
      expect(on.json().data.password.updatedAt > entry.updatedAt).toBe(true);
      expect((await entryTitled('backslash')).isFavorite).toBe(true);
      expect(await favourites()).toBe(3);
      expect(await titles({ favorite: 'true' })).toContain('backslash');

      const off = await toggle(alice, entry._id);
      expect(off.statusCode).toBe(200);
      expect(off.json().message).toBe('Removed from favorites');
      expect(off.json().data.password.isFavorite).toBe(false);
      expect(await favourites()).toBe(2);
      expect(off.payload).not.toContain(SECRET);
    });

    it("answers 404 for an unknown, malformed or another user's id, changing nothing", async () => {
      const entry = await entryTitled('under_score');
      for (const [user, id] of [
        [alice, '00000000-0000-4000-8000-000000000000'],
        [alice, 'bogus'],
        [bob, entry._id],
      ] as const) {
        const res = await toggle(user, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Password not found' });
      }
      expect(await entryTitled('under_score')).toEqual(entry);
    });
  });
});
