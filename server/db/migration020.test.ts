// Migration 020 moves PostgreSQL's search into a narrow table: the entries already there must be found
// as before, by the same texts, and going back restores the trigram index on the entries. On SQLite it
// changes nothing, and the same searches find the same entries. Runs on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import { countEntries } from '../modules/vault/entryList.repository';
import { insertPastUser, pastEntryRow, pastSchema } from '../test/pastSchema';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo, migrateToLatest } from './migrate';

describe('migration 020: the search table on PostgreSQL', () => {
  const t = testDatabaseFor('passvault-migrate-020');

  const indexesOfPasswords = async () => {
    const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where tablename = 'passwords' and schemaname = current_schema()`.execute(t.db);
    return rows.map((row) => row.name);
  };

  it('finds the entries that were there before, and goes back', async () => {
    await migrateTo(t.db, '2026_11_25_019_list_preferences');
    const old = pastSchema(t.db);
    const at = '2026-02-01T00:00:00.000Z';
    await insertPastUser(t.db, 'u1', at);
    const entry = (id: string, searchText: string) => pastEntryRow(id, 'u1', searchText, at);
    await old
      .insertInto('passwords')
      .values([entry('p1', 'émile bank\nbank.example\n\n'), entry('p2', 'zeta\n\n\n')])
      .execute();

    await migrateToLatest(t.db);
    const count = (search: string) => countEntries(t.db, 'u1', { search });
    expect([await count('bank'), await count('é'), await count('z'), await count('nothing')]).toEqual([
      1, 1, 1, 0,
    ]);
    expect(await count('eta')).toBe(1);

    await migrateTo(t.db, '2026_11_25_019_list_preferences');
    if (!t.location.databaseUrl) return;
    expect(await indexesOfPasswords()).toContain('passwords_search_trgm');
    const { rows } = await sql<{
      name: string | null;
    }>`select to_regclass('passwords_search')::text as name`.execute(t.db);
    expect(rows[0].name).toBeNull();
  });
});
