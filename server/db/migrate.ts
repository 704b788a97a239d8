import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { ownSchemaOnly } from './ownSchemaOnly';
import * as accounts from './migrations/2026_11_22_001_accounts';
import * as vault from './migrations/2026_11_22_002_vault';
import * as recoveryCodes from './migrations/2026_11_22_003_recovery_codes';
import * as serverSecrets from './migrations/2026_11_22_004_server_secrets';
import * as rateLimits from './migrations/2026_11_22_005_rate_limits';
import * as passwordsOrderIndex from './migrations/2026_11_22_006_passwords_order_index';
import * as vaultVersion from './migrations/2026_11_22_007_vault_version';
import * as trust from './migrations/2026_11_23_008_trust';
import * as tableOwners from './migrations/2026_11_23_009_table_owners';
import * as listWindows from './migrations/2026_11_24_010_list_windows';
import * as entryExtras from './migrations/2026_11_25_011_entry_extras';
import * as vaultCare from './migrations/2026_11_25_012_vault_care';
import * as generatorSettings from './migrations/2026_11_25_013_generator_settings';
import * as unlockGrants from './migrations/2026_11_25_014_unlock_grants';
import * as activity from './migrations/2026_11_25_015_activity';
import * as unlockWindowSetting from './migrations/2026_11_25_016_unlock_window_setting';
import * as operators from './migrations/2026_11_25_017_operators';
import * as listDocuments from './migrations/2026_11_25_018_list_documents';
import * as listPreferences from './migrations/2026_11_25_019_list_preferences';
import * as postgresSearchTable from './migrations/2026_11_28_020_postgres_search_table';
import * as postgresColumnStatistics from './migrations/2026_11_28_021_postgres_column_statistics';
import * as postgresCategoryIndexIds from './migrations/2026_11_28_022_postgres_category_index_ids';
import * as vaultTallies from './migrations/2026_11_28_023_vault_tallies';
import * as entriesWithoutHealth from './migrations/2026_11_28_024_entries_without_health';
import * as searchLetters from './migrations/2026_11_29_025_search_letters';
import * as postgresUpdateTriggers from './migrations/2026_11_29_026_postgres_update_triggers';
import * as listChanges from './migrations/2026_12_06_027_list_changes';
import * as entryNotesFlag from './migrations/2026_12_07_028_entry_notes_flag';
import * as unlockGrantsPerTab from './migrations/2026_12_07_029_unlock_grants_per_tab';

// Listed here rather than read from disk, so the same code runs from TypeScript sources or a bundle.
const migrations: Record<string, Migration> = {
  '2026_11_22_001_accounts': accounts,
  '2026_11_22_002_vault': vault,
  '2026_11_22_003_recovery_codes': recoveryCodes,
  '2026_11_22_004_server_secrets': serverSecrets,
  '2026_11_22_005_rate_limits': rateLimits,
  '2026_11_22_006_passwords_order_index': passwordsOrderIndex,
  '2026_11_22_007_vault_version': vaultVersion,
  '2026_11_23_008_trust': trust,
  '2026_11_23_009_table_owners': tableOwners,
  '2026_11_24_010_list_windows': listWindows,
  '2026_11_25_011_entry_extras': entryExtras,
  '2026_11_25_012_vault_care': vaultCare,
  '2026_11_25_013_generator_settings': generatorSettings,
  '2026_11_25_014_unlock_grants': unlockGrants,
  '2026_11_25_015_activity': activity,
  '2026_11_25_016_unlock_window_setting': unlockWindowSetting,
  '2026_11_25_017_operators': operators,
  '2026_11_25_018_list_documents': listDocuments,
  '2026_11_25_019_list_preferences': listPreferences,
  '2026_11_28_020_postgres_search_table': postgresSearchTable,
  '2026_11_28_021_postgres_column_statistics': postgresColumnStatistics,
  '2026_11_28_022_postgres_category_index_ids': postgresCategoryIndexIds,
  '2026_11_28_023_vault_tallies': vaultTallies,
  '2026_11_28_024_entries_without_health': entriesWithoutHealth,
  '2026_11_29_025_search_letters': searchLetters,
  '2026_11_29_026_postgres_update_triggers': postgresUpdateTriggers,
  '2026_12_06_027_list_changes': listChanges,
  '2026_12_07_028_entry_notes_flag': entryNotesFlag,
  '2026_12_07_029_unlock_grants_per_tab': unlockGrantsPerTab,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The Migrator for `db`. On PostgreSQL it keeps its bookkeeping in the schema the tables go to (the first
 * of search_path) and looks for it there only: Kysely otherwise looks in every schema of the database,
 * where another schema's tables (a second deployment, another app) would make it skip creating ours, and
 * a schema dropped meanwhile by another process fails its look (ownSchemaOnly.ts).
 */
async function migratorFor(db: Db): Promise<Migrator> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? undefined;
  if (!schema) return new Migrator({ db, provider });
  return new Migrator({ db: ownSchemaOnly(db, schema), provider, migrationTableSchema: schema });
}

/** Brings the schema to `name` and no further (tests of a migration start from the one before). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await (await migratorFor(db)).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Brings the schema up to date. Kysely takes a lock (an advisory lock on PostgreSQL), so processes starting together are safe. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await (await migratorFor(db)).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
