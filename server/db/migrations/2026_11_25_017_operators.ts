// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// Operators (issue 16): accounts the administrator disabled, and invitations to register (single use,
// bound to one e-mail address, stored as the SHA-256 of the token). A pending registration remembers
// the invitation it came with, which its confirmation then uses up.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.alterTable('pending_registrations').addColumn('invitation_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pending_registrations').dropColumn('invitation_id').execute();
  await db.schema.dropTable('invitations').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
