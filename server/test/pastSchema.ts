// Test helpers for migration tests: the database seen through the schema of an earlier migration, and a
// user as the migrations from 010 on store one.
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';

/** The database as an earlier schema, which Database may no longer describe. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- past schemas have no types of their own
export const pastSchema = (db: Db) => db as unknown as Kysely<any>;

/** Inserts user `id` (old@example.test unless told) with the columns every schema since migration 010 has. */
export async function insertPastUser(
  db: Db,
  id: string,
  at: string,
  email = 'old@example.test',
): Promise<void> {
  await pastSchema(db)
    .insertInto('users')
    .values({
      id,
      email,
      first_name: 'Old',
      last_name: 'Timer',
      password_hash: 'hash',
      two_factor_enabled: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** Inserts the vault key row of `userId` with the columns every schema since migration 010 has. */
export async function insertPastVaultKey(db: Db, userId: string): Promise<void> {
  await pastSchema(db)
    .insertInto('vault_keys')
    .values({
      user_id: userId,
      vault_key_wrapped: 'wrapped',
      kdf_salt: 'salt',
      kdf_memory_kib: 65536,
      kdf_iterations: 3,
      kdf_parallelism: 4,
    })
    .execute();
}

/** An entry row of `userId` with the columns every schema since migration 010 requires: its id is its title. */
export function pastEntryRow(id: string, userId: string, searchText: string, at: string) {
  return {
    id,
    user_id: userId,
    title: id,
    category: 'other',
    password_enc: `sealed ${id}`,
    notes_enc: 'y',
    search_text: searchText,
    created_at: at,
    updated_at: at,
  };
}
