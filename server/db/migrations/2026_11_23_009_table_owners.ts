// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// One owning module per table: the columns of `users` that other modules own move to tables of their own.
// - vault_keys (the vault module): the wrapped vault key, its KDF parameters, the master-password pause
//   and the version that changes with every write to the user's entries (triggers move with it);
// - two_factor (the two-factor module): the sealed secrets and the last accepted step;
// - user_settings (the user module): the preferences.
// `users` keeps the account itself (auth). Sessions keep their own idle limit, so that checking a token
// reads no other module's table; the user module sets it when the preference changes.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('vault_keys')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('vault_key_wrapped', 'text', (c) => c.notNull())
    .addColumn('kdf_salt', 'text', (c) => c.notNull())
    .addColumn('kdf_memory_kib', 'integer', (c) => c.notNull())
    .addColumn('kdf_iterations', 'integer', (c) => c.notNull())
    .addColumn('kdf_parallelism', 'integer', (c) => c.notNull())
    .addColumn('master_locked_at', 'text')
    .addColumn('vault_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into vault_keys (user_id, vault_key_wrapped, kdf_salt, kdf_memory_kib, kdf_iterations,
      kdf_parallelism, master_locked_at, vault_version)
    select id, vault_key_wrapped, kdf_salt, kdf_memory_kib, kdf_iterations, kdf_parallelism,
      master_locked_at, vault_version from users`.execute(db);

  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text')
    .addColumn('pending_secret_enc', 'text')
    .addColumn('last_step', 'integer')
    .execute();
  await sql`insert into two_factor (user_id, secret_enc, pending_secret_enc, last_step)
    select id, two_factor_secret_enc, two_factor_pending_secret_enc, two_factor_last_step from users
    where two_factor_secret_enc is not null or two_factor_pending_secret_enc is not null`.execute(db);

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('security_alerts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auto_logout', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  await sql`insert into user_settings (user_id, email_notifications, security_alerts, auto_logout)
    select id, email_notifications, security_alerts, auto_logout from users`.execute(db);

  await db.schema
    .alterTable('sessions')
    .addColumn('idle_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  await sql`update sessions set idle_minutes =
    (select auto_logout from users where users.id = sessions.user_id)`.execute(db);

  // The vault version's triggers now write vault_keys.
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(`drop trigger if exists passwords_vault_version_${event}${postgres ? ' on passwords' : ''}`)
      .execute(db);
  }
  if (postgres) {
    await sql`
      create or replace function passvault_bump_vault_version() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update vault_keys set vault_version = vault_version + 1
            where user_id in (select distinct user_id from old_rows);
        else
          update vault_keys set vault_version = vault_version + 1
            where user_id in (select distinct user_id from new_rows);
        end if;
        return null;
      end $$`.execute(db);
    for (const [event, table] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      await sql
        .raw(
          `create trigger passwords_vault_version_${event} after ${event} on passwords referencing ${table} ` +
            'for each statement execute function passvault_bump_vault_version()',
        )
        .execute(db);
    }
  } else {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ]) {
      await sql
        .raw(
          `create trigger passwords_vault_version_${event} after ${event} on passwords begin ` +
            `update vault_keys set vault_version = vault_version + 1 where user_id = ${row}.user_id; end`,
        )
        .execute(db);
    }
  }

  for (const column of [
    'vault_key_wrapped',
    'kdf_salt',
    'kdf_memory_kib',
    'kdf_iterations',
    'kdf_parallelism',
    'master_locked_at',
    'vault_version',
    'two_factor_secret_enc',
    'two_factor_pending_secret_enc',
    'two_factor_last_step',
    'email_notifications',
    'security_alerts',
    'auto_logout',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('2026_11_23_009_table_owners cannot be undone: restore the backup taken before upgrading');
}
