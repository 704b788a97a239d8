// The history of many entries written at once (an import that overwrites them) keeps, for each entry,
// its newest HISTORY_KEPT earlier passwords, and touches no other entry's or owner's. Runs on SQLite and
// on PostgreSQL, against the real schema.
import { insertPastUser } from '../../test/pastSchema';
import { testDatabaseFor } from '../../test/testDatabase';
import { HISTORY_KEPT, insertHistory, listHistory, type HistoryRow } from './vault.repository';

const AT = '2026-04-01T00:00:00.000Z';

describe('insertHistory: many entries at once', () => {
  const t = testDatabaseFor('passvault-history-trim', { latest: true });

  beforeAll(async () => {
    await insertPastUser(t.db, 'owner', AT);
    await insertPastUser(t.db, 'other', AT, 'other@example.test');
  });

  /** `count` earlier passwords of an entry, one second apart from `fromSecond` on, the newest last. */
  const versions = (userId: string, entryId: string, count: number, fromSecond = 0): HistoryRow[] =>
    Array.from({ length: count }, (_, n) => ({
      id: `${entryId}-${fromSecond + n}`,
      user_id: userId,
      entry_id: entryId,
      password_enc: `sealed ${fromSecond + n}`,
      changed_at: new Date(Date.parse(AT) + (fromSecond + n) * 1000).toISOString(),
    }));

  const kept = async (userId: string, entryId: string) =>
    (await listHistory(t.db, userId, entryId)).map((row) => row.password_enc);

  it('trims each entry to its newest, in one call for all', async () => {
    // Another owner's entry over the limit, written on its own: it is trimmed only by its own writes.
    await insertHistory(t.db, 'other', versions('other', 'theirs', HISTORY_KEPT));
    await insertHistory(t.db, 'owner', versions('owner', 'full', HISTORY_KEPT - 1));

    await insertHistory(t.db, 'owner', [
      ...versions('owner', 'full', 3, HISTORY_KEPT - 1),
      ...versions('owner', 'short', 2),
      ...versions('owner', 'long', HISTORY_KEPT + 5),
    ]);

    const full = await kept('owner', 'full');
    expect(full).toHaveLength(HISTORY_KEPT);
    expect(full[0]).toBe(`sealed ${HISTORY_KEPT + 1}`);
    expect(full[HISTORY_KEPT - 1]).toBe('sealed 2');
    expect(await kept('owner', 'short')).toEqual(['sealed 1', 'sealed 0']);
    const long = await kept('owner', 'long');
    expect(long).toHaveLength(HISTORY_KEPT);
    expect(long[HISTORY_KEPT - 1]).toBe('sealed 5');
    expect(await kept('other', 'theirs')).toHaveLength(HISTORY_KEPT);
  });

  it('trims entries past the first statement’s worth of ids as well', async () => {
    const many = Array.from({ length: 600 }, (_, n) => `bulk-${n}`);
    await insertHistory(
      t.db,
      'owner',
      many.flatMap((entryId) => versions('owner', entryId, HISTORY_KEPT + 1)),
    );
    for (const entryId of [many[0], many[499], many[500], many[599]]) {
      const rows = await kept('owner', entryId);
      expect(rows).toHaveLength(HISTORY_KEPT);
      expect(rows[HISTORY_KEPT - 1]).toBe('sealed 1');
    }
  });
});
