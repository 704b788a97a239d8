// Migration 021: on PostgreSQL every column of passwords has a statistics target (0 for the texts nobody
// filters on, 30 for the others), so an ANALYZE samples 9,000 rows instead of 30,000 and sorts no
// ciphertext. A column added later without one would bring the large sample back: this test says so.
import { sql } from 'kysely';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo, migrateToLatest } from './migrate';

describe('migration 021: the statistics PostgreSQL keeps of passwords', () => {
  const t = testDatabaseFor('passvault-migrate-021', { latest: true });

  /** Each column's statistics target (-1 or null: the server's default). */
  const targets = async () => {
    const { rows } = await sql<{ name: string; target: number | null }>`
      select a.attname as name, a.attstattarget as target from pg_attribute a
      where a.attrelid = to_regclass('passwords') and a.attnum > 0 and not a.attisdropped`.execute(t.db);
    return new Map(rows.map((row) => [row.name, row.target]));
  };

  it('gives every column a target of 0 or 30, and going back restores the default', async () => {
    if (!t.location.databaseUrl) return;
    const now = await targets();
    for (const [name, target] of now) expect([name, [0, 30].includes(Number(target))]).toEqual([name, true]);
    expect(now.get('list_json')).toBe(0);
    expect(now.get('user_id')).toBe(30);
    // An ANALYZE still counts the rows for the planner.
    await sql`analyze passwords`.execute(t.db);

    await migrateTo(t.db, '2026_11_28_020_postgres_search_table');
    for (const [name, target] of await targets()) {
      expect([name, target === null || Number(target) === -1]).toEqual([name, true]);
    }
    await migrateToLatest(t.db);
  });
});
