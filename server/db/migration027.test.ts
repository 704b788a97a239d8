// Migration 027: the list's change log. Over an existing vault it starts at version 0 with an empty log;
// from then on inserts and deletes keep counting the entries and log a change each; going back drops the
// log and its version and leaves the entries counted as before. Runs on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import { insertPastUser, insertPastVaultKey, pastEntryRow, pastSchema } from '../test/pastSchema';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo } from './migrate';

const AT = '2026-03-01T00:00:00.000Z';
const BEFORE_027 = '2026_11_29_026_postgres_update_triggers';
/** This migration, not the latest: later ones may rewrite every entry, which logs changes of their own. */
const MIGRATION_027 = '2026_12_06_027_list_changes';

describe('migration 027: the list change log', () => {
  const t = testDatabaseFor('passvault-migrate-027');

  beforeAll(async () => {
    await migrateTo(t.db, BEFORE_027);
    await insertPastUser(t.db, 'u1', AT);
    await insertPastVaultKey(t.db, 'u1');
    await pastSchema(t.db)
      .insertInto('passwords')
      .values(['a', 'b', 'c'].map((id) => pastEntryRow(id, 'u1', id, AT)))
      .execute();
  });

  const entryCount = async () => {
    const row = await pastSchema(t.db)
      .selectFrom('vault_keys')
      .select('entry_count')
      .executeTakeFirstOrThrow();
    return Number(row.entry_count);
  };
  const log = async () => {
    const { rows } = await sql<{ version: number | string; entry_id: string | null }>`
      select version, entry_id from list_changes where user_id = 'u1' order by version`.execute(t.db);
    return rows.map((row) => [Number(row.version), row.entry_id]);
  };
  const version = async () => {
    const row = await pastSchema(t.db)
      .selectFrom('vault_keys')
      .select('list_version')
      .executeTakeFirstOrThrow();
    return Number(row.list_version);
  };

  it('starts an existing vault at version 0, then logs each insert and delete and keeps counting', async () => {
    expect(await entryCount()).toBe(3);
    await migrateTo(t.db, MIGRATION_027);
    expect(await version()).toBe(0);
    expect(await log()).toEqual([]);
    await pastSchema(t.db)
      .insertInto('passwords')
      .values(pastEntryRow('d', 'u1', 'd', AT))
      .execute();
    await pastSchema(t.db).deleteFrom('passwords').where('id', '=', 'a').execute();
    expect(await entryCount()).toBe(3);
    expect(await version()).toBe(2);
    expect(await log()).toEqual([
      [1, 'd'],
      [2, 'a'],
    ]);
  });

  it('goes back to counting alone, and forward again', async () => {
    await migrateTo(t.db, BEFORE_027);
    await pastSchema(t.db)
      .insertInto('passwords')
      .values(pastEntryRow('e', 'u1', 'e', AT))
      .execute();
    expect(await entryCount()).toBe(4);
    const columns = t.location.databaseUrl
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = 'vault_keys'`.execute(t.db)
      : await sql<{ name: string }>`select name from pragma_table_info('vault_keys')`.execute(t.db);
    expect(columns.rows.map((row) => row.name)).not.toContain('list_version');
    await migrateTo(t.db, MIGRATION_027);
    await pastSchema(t.db).deleteFrom('passwords').where('id', '=', 'e').execute();
    expect(await entryCount()).toBe(3);
    expect(await log()).toEqual([[1, 'e']]);
  });
});
