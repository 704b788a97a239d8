// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('vault_key_wrapped', 'text', (c) => c.notNull())
    .addColumn('kdf_salt', 'text', (c) => c.notNull())
    .addColumn('kdf_memory_kib', 'integer', (c) => c.notNull())
    .addColumn('kdf_iterations', 'integer', (c) => c.notNull())
    .addColumn('kdf_parallelism', 'integer', (c) => c.notNull())
    .addColumn('master_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('two_factor_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('two_factor_secret_enc', 'text')
    .addColumn('two_factor_pending_secret_enc', 'text')
    .addColumn('two_factor_last_step', 'integer')
    .addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('security_alerts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auto_logout', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pending_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
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
    .createTable('one_time_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('one_time_codes_email_purpose')
    .on('one_time_codes')
    .columns(['email', 'purpose'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('one_time_codes').execute();
  await db.schema.dropTable('pending_registrations').execute();
  await db.schema.dropTable('users').execute();
}
