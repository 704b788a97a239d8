// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// The access log users can read (issue 16): who did what to the account and its entries, when, from
// which address and browser. Never a secret, never a search term: actions, ids and entry titles only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'text')
    .addColumn('entry_title', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_user_created')
    .on('activity')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('activity_entry_created')
    .on('activity')
    .columns(['user_id', 'entry_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('activity_created').on('activity').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity').execute();
}
