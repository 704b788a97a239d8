// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { sql, type Kysely } from 'kysely';

// Care for the vault over time (issue 14):
// - passwords: the health of the password, stored when it is saved so that reads decrypt nothing:
//   `strength` (the policy's score), `reuse_fp` (an HMAC of the password under a key derived from the
//   user's vault key) and `password_changed_at`. Rows saved before get them at the next unlock
//   (`strength` null until then; their last update is the best known time of the last change).
// - passwords_trash: deleted entries, whole, for 30 days. A separate table keeps every read of the live
//   list (search index, counters, stats, exports) as it is: a trashed entry is simply not in `passwords`.
// - password_history: earlier passwords of an entry, sealed with the vault key like the password.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passwords').addColumn('strength', 'integer').execute();
  await db.schema.alterTable('passwords').addColumn('reuse_fp', 'text').execute();
  await db.schema.alterTable('passwords').addColumn('password_changed_at', 'text').execute();
  await sql`update passwords set password_changed_at = updated_at`.execute(db);
  await db.schema
    .createIndex('passwords_user_reuse')
    .on('passwords')
    .columns(['user_id', 'reuse_fp'])
    .execute();

  await db.schema
    .createTable('passwords_trash')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('is_favorite', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('password_enc', 'text', (c) => c.notNull())
    .addColumn('notes_enc', 'text', (c) => c.notNull())
    .addColumn('has_totp', 'integer', (c) => c.notNull())
    .addColumn('totp_enc', 'text')
    .addColumn('fields_enc', 'text')
    .addColumn('fields_listed', 'text')
    .addColumn('strength', 'integer')
    .addColumn('reuse_fp', 'text')
    .addColumn('password_changed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passwords_trash_user_deleted')
    .on('passwords_trash')
    .columns(['user_id', 'deleted_at', 'id'])
    .execute();
  await db.schema.createIndex('passwords_trash_deleted').on('passwords_trash').column('deleted_at').execute();

  await db.schema
    .createTable('password_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addColumn('password_enc', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_history_entry')
    .on('password_history')
    .columns(['entry_id', 'changed_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_history').execute();
  await db.schema.dropTable('passwords_trash').execute();
  await db.schema.dropIndex('passwords_user_reuse').execute();
  for (const column of ['password_changed_at', 'reuse_fp', 'strength']) {
    await db.schema.alterTable('passwords').dropColumn(column).execute();
  }
}
