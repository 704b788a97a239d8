// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// How a user last left the Passwords page's list (issue 15): cards or compact rows, the order (newest
// first, last updated, name) and favourites first, remembered in their settings.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('list_view', 'text', (c) => c.notNull().defaultTo('cards'))
    .execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('list_sort', 'text', (c) => c.notNull().defaultTo('created'))
    .execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('list_favorites_first', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['list_favorites_first', 'list_sort', 'list_view']) {
    await db.schema.alterTable('user_settings').dropColumn(column).execute();
  }
}
