// Migration 022: on PostgreSQL the category index carries each entry's id, so a search within a category
// is counted from the index without reading the entries; going back restores the index without it.
import { sql } from 'kysely';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo, migrateToLatest } from './migrate';

describe('migration 022: the ids in PostgreSQL’s category index', () => {
  const t = testDatabaseFor('passvault-migrate-022', { latest: true });

  const definition = async () => {
    const { rows } = await sql<{ definition: string }>`
      select indexdef as definition from pg_indexes
      where indexname = 'passwords_user_category' and schemaname = current_schema()`.execute(t.db);
    return rows.map((row) => row.definition);
  };

  it('includes the id, and going back leaves the index without it', async () => {
    if (!t.location.databaseUrl) return;
    expect(await definition()).toEqual([
      expect.stringMatching(/\(user_id, category, is_favorite\) INCLUDE \(id\)$/),
    ]);

    await migrateTo(t.db, '2026_11_28_021_postgres_column_statistics');
    expect(await definition()).toEqual([expect.stringMatching(/\(user_id, category, is_favorite\)$/)]);
    await migrateToLatest(t.db);
  });
});
