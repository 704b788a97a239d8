// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// users.vault_version changes with every insert, update or delete of the user's entries, whichever code
// (or process) makes it: the database keeps it, so a cached list answer can never outlive its data.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('vault_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Statement-level, so an import of 10,000 rows bumps the version once, not 10,000 times.
    await sql`
      create function passvault_bump_vault_version() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update users set vault_version = vault_version + 1 where id in (select distinct user_id from old_rows);
        else
          update users set vault_version = vault_version + 1 where id in (select distinct user_id from new_rows);
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
    return;
  }
  for (const [event, row] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ]) {
    await sql
      .raw(
        `create trigger passwords_vault_version_${event} after ${event} on passwords begin ` +
          `update users set vault_version = vault_version + 1 where id = ${row}.user_id; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(
        `drop trigger if exists passwords_vault_version_${event}${db.getExecutor().adapter instanceof PostgresAdapter ? ' on passwords' : ''}`,
      )
      .execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists passvault_bump_vault_version()`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('vault_version').execute();
}
