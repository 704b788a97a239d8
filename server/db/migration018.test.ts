// Migration 018 carries existing entries into the stored list: each gets its listed form, its reuse count
// and its sort key by name, as a save would write them now. Runs on SQLite and on PostgreSQL.
import { listJsonOf } from '../modules/vault/listedEntry';
import { titleSortOf } from '../modules/vault/searchText';
import { insertPastUser, pastSchema } from '../test/pastSchema';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo, migrateToLatest } from './migrate';

describe('migration 018: the stored list', () => {
  const t = testDatabaseFor('passvault-migrate-018');

  it('gives every entry its listed form, reuse count and name key', async () => {
    await migrateTo(t.db, '2026_11_25_017_operators');
    const old = pastSchema(t.db);
    const at = '2026-02-01T00:00:00.000Z';
    await insertPastUser(t.db, 'u1', at);
    const entry = (id: string, title: string, reuseFp: string | null, extra: object = {}) => ({
      id,
      user_id: 'u1',
      title,
      email: 'me@example.test',
      username: '',
      website: 'https://example.test',
      category: 'work',
      is_favorite: 0,
      tags: '["a"]',
      password_enc: 'x',
      notes_enc: 'y',
      has_totp: 0,
      strength: 63,
      reuse_fp: reuseFp,
      password_changed_at: at,
      search_text: '',
      created_at: at,
      updated_at: at,
      ...extra,
    });
    await old
      .insertInto('passwords')
      .values([
        entry('p1', 'Émile Bank', 'fp-shared'),
        entry('p2', 'zeta', 'fp-shared', { is_favorite: 1, has_totp: 1 }),
        entry('p3', 'Alone', 'fp-own'),
        entry('p4', 'Before health', null, { strength: null, password_changed_at: null }),
      ])
      .execute();

    await migrateToLatest(t.db);

    const rows = await t.db.selectFrom('passwords').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.id, Number(row.reuse_count), row.title_sort])).toEqual([
      ['p1', 2, 'emile bank'],
      ['p2', 2, 'zeta'],
      ['p3', 1, 'alone'],
      ['p4', 0, 'before health'],
    ]);
    for (const row of rows) {
      expect(row.list_json).toBe(listJsonOf(row));
      expect(row.title_sort).toBe(titleSortOf(row.title));
    }
    expect(JSON.parse(rows[1].list_json)).toMatchObject({
      _id: 'p2',
      isFavorite: true,
      hasTotp: true,
      tags: ['a'],
      health: { strength: 63, reusedIn: 2, passwordChangedAt: at },
      fields: [],
    });
  });
});
