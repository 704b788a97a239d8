import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as accounts from './migrations/2026_11_22_001_accounts';
import * as vault from './migrations/2026_11_22_002_vault';
import * as recoveryCodes from './migrations/2026_11_22_003_recovery_codes';
import * as serverSecrets from './migrations/2026_11_22_004_server_secrets';

// Listed here rather than read from disk, so the same code runs from TypeScript sources or a bundle.
const migrations: Record<string, Migration> = {
  '2026_11_22_001_accounts': accounts,
  '2026_11_22_002_vault': vault,
  '2026_11_22_003_recovery_codes': recoveryCodes,
  '2026_11_22_004_server_secrets': serverSecrets,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Kysely takes a lock (an advisory lock on PostgreSQL), so processes starting together are safe. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
