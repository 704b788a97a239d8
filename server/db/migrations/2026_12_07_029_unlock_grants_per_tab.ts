// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// An unlock window per browser tab instead of one per session: unlocking in a second tab of a sign-in
// no longer ends the first tab's window. A grant is found by the hash of the tab's key (`id`), which the
// tab sends with each vault request, never by the key itself. The table is made anew: grants live at
// most 15 minutes, so the ones open during the upgrade end, and those tabs ask for the master password
// at their next reveal (as after any window's end).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unlock_grants').execute();
  await db.schema
    .createTable('unlock_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unlock_grants_session').on('unlock_grants').column('session_id').execute();
  await db.schema.createIndex('unlock_grants_user').on('unlock_grants').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unlock_grants').execute();
  await db.schema
    .createTable('unlock_grants')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unlock_grants_user').on('unlock_grants').column('user_id').execute();
}
