// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A window of the list read right after a write costs what any read costs (issue 12). The server keeps
// the windows it has answered (vault/windowCache.ts) and brings them up to date from this log instead of
// dropping them at every write:
// - vault_keys.list_version counts the changes of the owner's list: every insert, delete, and update that
//   changes what a list shows of an entry or where it stands (its listed text, listed fields, sort keys,
//   favourite flag, owner), whichever code or process writes;
// - list_changes holds, per owner and version, the entry that changed; a NULL entry means "many entries
//   changed at once" (a bulk statement on PostgreSQL), after which a reader starts afresh;
// - the log keeps at least the last 4,096 versions of each owner: a reader further behind starts afresh.
// Versions of one owner are written under its vault_keys row's lock, so they become visible in order, and
// a reader that has seen version v has seen every version before it.

/** A PostgreSQL statement changing more of one owner's entries than this logs one NULL entry. */
const LOGGED_PER_STATEMENT = 64;
/** Trim each owner's log when its version passes a multiple of this... */
const TRIM_EVERY = 512;
/** ...down to the versions after this many before it. */
const KEEP = 4096;

/** The columns whose change moves an entry in a list or changes what the list shows of it. */
const LISTED = [
  'user_id',
  'list_json',
  'fields_listed',
  'title_sort',
  'is_favorite',
  'created_at',
  'updated_at',
];

async function createLog(db: Kysely<any>, postgres: boolean): Promise<void> {
  await db.schema
    .alterTable('vault_keys')
    .addColumn('list_version', postgres ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('list_changes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', postgres ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'text')
    .addPrimaryKeyConstraint('list_changes_pkey', ['user_id', 'version'])
    .execute();
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  // One change per row. Inserts and deletes already wrote the owner's vault_keys row for its count: the
  // same statement now bumps the version too.
  const log = (row: string) => `insert into list_changes (user_id, version, entry_id)
    select user_id, list_version, ${row}.id from vault_keys where user_id = ${row}.user_id;`;
  const bump = (row: string, count = '') =>
    `update vault_keys set ${count}list_version = list_version + 1 where user_id = ${row}.user_id;`;
  await sql`drop trigger passwords_count_insert`.execute(db);
  await sql`drop trigger passwords_count_delete`.execute(db);
  await sql
    .raw(
      `create trigger passwords_count_insert after insert on passwords begin
        ${bump('new', 'entry_count = entry_count + 1, ')} ${log('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger passwords_count_delete after delete on passwords begin
        ${bump('old', 'entry_count = entry_count - 1, ')} ${log('old')} end`,
    )
    .execute(db);
  const changed = LISTED.map((column) => `old.${column} is not new.${column}`).join(' or ');
  await sql
    .raw(
      `create trigger passwords_list_update after update of ${LISTED.join(', ')} on passwords
       when ${changed} begin ${bump('new')} ${log('new')} end`,
    )
    .execute(db);
  // An entry moved to another owner left the old owner's list too (no route does that).
  await sql
    .raw(
      `create trigger passwords_list_owner after update of user_id on passwords
       when old.user_id is not new.user_id begin ${bump('old')} ${log('old')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger list_changes_trim after insert on list_changes
       when new.version % ${TRIM_EVERY} = 0 begin
         delete from list_changes where user_id = new.user_id and version <= new.version - ${KEEP};
       end`,
    )
    .execute(db);
}

/** The (owner, id) pairs an UPDATE statement changed in a listed column, from its transition tables. */
const UPDATED_PAIRS = `select user_id, id from (
    select ${LISTED.join(', ')}, id from new_rows except select ${LISTED.join(', ')}, id from old_rows) a
  union select user_id, id from (
    select ${LISTED.join(', ')}, id from old_rows except select ${LISTED.join(', ')}, id from new_rows) b`;

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Statement-level, as the counts are. The vault_keys row is taken by the UPDATE before the log is
  // written, owner by owner in id order (inserts and deletes have taken it already for the count, whose
  // trigger fires first by name), so concurrent writers of one owner number their changes in turn.
  await sql
    .raw(
      `create function passvault_log_owner_changes(owner_id text, ids text[]) returns void
      language plpgsql as $$
      declare
        changed integer := cardinality(ids);
        step integer := case when changed > ${LOGGED_PER_STATEMENT} then 1 else changed end;
        last_version bigint;
      begin
        update vault_keys set list_version = list_version + step where user_id = owner_id
          returning list_version into last_version;
        if not found then
          return;
        end if;
        if changed > ${LOGGED_PER_STATEMENT} then
          insert into list_changes (user_id, version, entry_id) values (owner_id, last_version, null);
        else
          insert into list_changes (user_id, version, entry_id)
            select owner_id, last_version - step + u.n, u.id from unnest(ids) with ordinality as u(id, n);
        end if;
        if last_version / ${TRIM_EVERY} <> (last_version - step) / ${TRIM_EVERY} then
          delete from list_changes where user_id = owner_id and version <= last_version - ${KEEP};
        end if;
      end $$`,
    )
    .execute(db);
  // Each branch names only the transition tables its event has.
  const eachOwner = (pairs: string) => `for owner in
      select user_id, array_agg(id order by id) as ids from (${pairs}) c group by user_id order by user_id
    loop
      perform passvault_log_owner_changes(owner.user_id, owner.ids);
    end loop;`;
  await sql
    .raw(
      `create function passvault_log_list_changes() returns trigger language plpgsql as $$
      declare
        owner record;
      begin
        if tg_op = 'INSERT' then
          ${eachOwner('select user_id, id from new_rows')}
        elsif tg_op = 'DELETE' then
          ${eachOwner('select user_id, id from old_rows')}
        else
          ${eachOwner(UPDATED_PAIRS)}
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger passwords_list_insert after insert on passwords referencing new table as new_rows
    for each statement execute function passvault_log_list_changes()`.execute(db);
  await sql`create trigger passwords_list_delete after delete on passwords referencing old table as old_rows
    for each statement execute function passvault_log_list_changes()`.execute(db);
  await sql`create trigger passwords_list_update after update on passwords
    referencing old table as old_rows new table as new_rows
    for each statement execute function passvault_log_list_changes()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await createLog(db, postgres);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger if exists passwords_list_${event} on passwords`).execute(db);
    }
    await sql`drop function if exists passvault_log_list_changes()`.execute(db);
    await sql`drop function if exists passvault_log_owner_changes(text, text[])`.execute(db);
  } else {
    for (const name of ['passwords_list_update', 'passwords_list_owner', 'list_changes_trim']) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    // The count triggers as migration 010 made them.
    await sql`drop trigger passwords_count_insert`.execute(db);
    await sql`drop trigger passwords_count_delete`.execute(db);
    await sql`create trigger passwords_count_insert after insert on passwords begin
      update vault_keys set entry_count = entry_count + 1 where user_id = new.user_id;
    end`.execute(db);
    await sql`create trigger passwords_count_delete after delete on passwords begin
      update vault_keys set entry_count = entry_count - 1 where user_id = old.user_id;
    end`.execute(db);
  }
  await db.schema.dropTable('list_changes').execute();
  await db.schema.alterTable('vault_keys').dropColumn('list_version').execute();
}
