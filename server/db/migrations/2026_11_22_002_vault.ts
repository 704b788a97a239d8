// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passwords')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('other'))
    .addColumn('is_favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('password_enc', 'text', (c) => c.notNull())
    .addColumn('notes_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passwords_user_created')
    .on('passwords')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passwords').execute();
}
