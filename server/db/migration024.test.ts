// Migration 024: the entries without health (what every unlock looks for, healthBackfill.ts) are found
// from a partial index of their own on both databases, not by reading every entry of the vault; going
// back drops it.
import { sql } from 'kysely';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo, migrateToLatest } from './migrate';

describe('migration 024: the index of entries without health', () => {
  const t = testDatabaseFor('passvault-migrate-024', { latest: true });

  /** The plan of the unlock's question, as the database would run it. */
  const plan = async (): Promise<string> => {
    const question = sql`select id, user_id, password_enc from passwords
      where user_id = ${'user-1'} and strength is null limit 5000`;
    if (!t.location.databaseUrl) {
      const { rows } = await sql<{ detail: string }>`explain query plan ${question}`.execute(t.db);
      return rows.map((row) => row.detail).join('\n');
    }
    // An empty table is cheapest to read whole: the planner is asked what it would use otherwise.
    return t.db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${question}`.execute(connection);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
      }
    });
  };

  const indexExists = async (): Promise<boolean> => {
    const { rows } = t.location.databaseUrl
      ? await sql`select 1 from pg_indexes
          where indexname = 'passwords_without_health' and schemaname = current_schema()`.execute(t.db)
      : await sql`select 1 from sqlite_master where name = 'passwords_without_health'`.execute(t.db);
    return rows.length === 1;
  };

  it('answers the unlock’s question from the index', async () => {
    expect(await plan()).toContain('passwords_without_health');
  });

  it('is dropped going back, and made again going forward', async () => {
    await migrateTo(t.db, '2026_11_28_023_vault_tallies');
    expect(await indexExists()).toBe(false);
    await migrateToLatest(t.db);
    expect(await indexExists()).toBe(true);
  });
});
