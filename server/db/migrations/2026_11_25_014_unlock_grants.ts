// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// The opt-in unlock window (issue 15): after one master password, a session may use the vault for a few
// minutes without it. The vault key is kept only sealed under a random key that only the browser tab
// holds (it is sent with each vault request and never stored here), so neither this table nor the
// server's memory alone opens the vault. One grant per session.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unlock_grants')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unlock_grants_user').on('unlock_grants').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unlock_grants').execute();
}
