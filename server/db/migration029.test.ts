// Migration 029: unlock windows per tab. The table is made anew, found by the hash of a tab's key; the
// windows open during the upgrade end (they live 15 minutes at most), and going back makes the table of
// one window per session again. Runs on SQLite and on PostgreSQL.
import { insertPastUser, pastSchema } from '../test/pastSchema';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo, migrateToLatest } from './migrate';

const AT = '2026-03-01T00:00:00.000Z';
const BEFORE_029 = '2026_12_07_028_entry_notes_flag';
const AT_029 = '2026_12_07_029_unlock_grants_per_tab';

/**
 * Whether the database refused the write. Not `rejects.toThrow()`: better-sqlite3 makes its errors with
 * the Error of the first test file that loaded it in the worker, which is not an Error of this one's.
 */
const outcome = (write: Promise<unknown>) =>
  write.then(
    () => 'written',
    () => 'refused',
  );

describe('migration 029: unlock windows per tab', () => {
  const t = testDatabaseFor('passvault-migrate-029');

  beforeAll(async () => {
    await migrateTo(t.db, BEFORE_029);
    await insertPastUser(t.db, 'u1', AT);
    await pastSchema(t.db)
      .insertInto('unlock_grants')
      .values({ session_id: 's1', user_id: 'u1', sealed_key: 'v1.sealed', expires_at: AT })
      .execute();
  });

  it('ends the open windows and takes a window per tab, found by its key hash', async () => {
    await migrateTo(t.db, AT_029);
    expect(await t.db.selectFrom('unlock_grants').selectAll().execute()).toEqual([]);
    const grant = {
      id: 'hash-of-tab-1',
      session_id: 's1',
      user_id: 'u1',
      sealed_key: 'v1.a',
      created_at: AT,
      expires_at: AT,
    };
    await t.db.insertInto('unlock_grants').values(grant).execute();
    await t.db
      .insertInto('unlock_grants')
      .values({ ...grant, id: 'hash-of-tab-2', sealed_key: 'v1.b' })
      .execute();
    const rows = await t.db.selectFrom('unlock_grants').select(['id', 'session_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'hash-of-tab-1', session_id: 's1' },
      { id: 'hash-of-tab-2', session_id: 's1' },
    ]);
    expect(await outcome(t.db.insertInto('unlock_grants').values(grant).execute())).toBe('refused');
  });

  it('going back makes one window per session again, and forward again works', async () => {
    await migrateTo(t.db, BEFORE_029);
    const past = pastSchema(t.db);
    await past
      .insertInto('unlock_grants')
      .values({ session_id: 's2', user_id: 'u1', sealed_key: 'v1.c', expires_at: AT })
      .execute();
    const again = past
      .insertInto('unlock_grants')
      .values({ session_id: 's2', user_id: 'u1', sealed_key: 'v1.d', expires_at: AT })
      .execute();
    expect(await outcome(again)).toBe('refused');
    await migrateToLatest(t.db);
    expect(await t.db.selectFrom('unlock_grants').selectAll().execute()).toEqual([]);
  });
});
