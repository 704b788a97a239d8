// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// Settings > Security: how long one master password unlocks the vault in a tab (0: every time).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('unlock_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('unlock_minutes').execute();
}
