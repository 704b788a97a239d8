// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// Pending registrations are bound to the client that started them (a random handle, stored hashed),
// and one e-mail may have several, none of which can change another: the table loses its unique
// e-mail (SQLite cannot drop it in place, so the table is made again; registrations pending before
// this version had no handle and cannot be completed, so none are kept). Registration codes belong to
// one registration. Wrong master passwords are counted per session and, with their times, per account.
// Recovery code hashes gain a version: version 2 is keyed with the server key (done at start-up).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_registrations').execute();
  await db.schema
    .createTable('pending_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('handle_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('vault_key_wrapped', 'text', (c) => c.notNull())
    .addColumn('kdf_salt', 'text', (c) => c.notNull())
    .addColumn('kdf_memory_kib', 'integer', (c) => c.notNull())
    .addColumn('kdf_iterations', 'integer', (c) => c.notNull())
    .addColumn('kdf_parallelism', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_registrations_email')
    .on('pending_registrations')
    .column('email')
    .execute();
  await db.deleteFrom('one_time_codes').where('purpose', '=', 'registration').execute();

  await db.schema.alterTable('one_time_codes').addColumn('registration_id', 'text').execute();
  await db.schema
    .createIndex('one_time_codes_registration')
    .on('one_time_codes')
    .column('registration_id')
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('master_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('users').addColumn('master_locked_at', 'text').execute();
  await db.schema.alterTable('users').dropColumn('master_failures').execute();
  await db.schema
    .createTable('master_password_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('master_password_failures_user')
    .on('master_password_failures')
    .columns(['user_id', 'failed_at'])
    .execute();

  await db.schema
    .alterTable('recovery_codes')
    .addColumn('hash_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recovery_codes').dropColumn('hash_version').execute();
  await db.schema.dropTable('master_password_failures').execute();
  await db.schema
    .alterTable('users')
    .addColumn('master_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').dropColumn('master_locked_at').execute();
  await db.schema.alterTable('sessions').dropColumn('master_failures').execute();
  await db.schema.dropIndex('one_time_codes_registration').execute();
  await db.schema.alterTable('one_time_codes').dropColumn('registration_id').execute();
}
