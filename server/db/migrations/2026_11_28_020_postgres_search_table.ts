// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL only (issue 12): search reads a narrow table of each entry's owner, id and folded search
// text (`passwords_search`, ~170 bytes a row) instead of the entry rows (~1 KB with their ciphertexts).
// A one- or two-letter search, which no trigram index serves, counts its matches by reading every row:
// 17 MB instead of 99 MB at 100,000 entries (15 ms instead of 40-55 ms here). The pg_trgm GIN index
// moves to the narrow table, so an import still builds one. Statement-level triggers keep the table in
// step with passwords whichever code writes, one statement per write (an import of 20,000 rows inserts
// them in one). SQLite's FTS5 table of the same name, from migration 010, stays as it is.

async function trigramSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0].schema;
}

/** The mirror's update of the rows whose search text an UPDATE changed: read from its new rows alone. */
export const UPDATE_FROM_NEW_ROWS = `update passwords_search s set search_text = n.search_text
          from new_rows n
          where s.user_id = n.user_id and s.id = n.id and s.search_text <> n.search_text;`;

/** The statement-level trigger function, with `update` its statement for an UPDATE; later migrations replace it. */
export function searchMirrorFunction(update: string): string {
  return `create or replace function passvault_mirror_search() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into passwords_search (user_id, id, search_text)
          select user_id, id, search_text from new_rows;
      elsif tg_op = 'UPDATE' then
        ${update}
      else
        delete from passwords_search s using old_rows o where s.user_id = o.user_id and s.id = o.id;
      end if;
      return null;
    end $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table passwords_search (
    user_id text not null,
    id text not null,
    search_text text not null,
    primary key (user_id, id)
  )`.execute(db);
  await sql`insert into passwords_search (user_id, id, search_text)
    select user_id, id, search_text from passwords`.execute(db);
  await sql`drop index if exists passwords_search_trgm`.execute(db);
  const schema = await trigramSchema(db);
  await sql`create index passwords_search_text_trgm on passwords_search
    using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);

  // Transition tables allow one event per trigger: one function, three triggers.
  await sql.raw(searchMirrorFunction(UPDATE_FROM_NEW_ROWS)).execute(db);
  await sql`create trigger passwords_search_insert after insert on passwords
    referencing new table as new_rows for each statement execute function passvault_mirror_search()`.execute(
    db,
  );
  await sql`create trigger passwords_search_update after update on passwords
    referencing new table as new_rows for each statement execute function passvault_mirror_search()`.execute(
    db,
  );
  await sql`create trigger passwords_search_delete after delete on passwords
    referencing old table as old_rows for each statement execute function passvault_mirror_search()`.execute(
    db,
  );
  await sql`analyze passwords_search`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists passwords_search_${event} on passwords`).execute(db);
  }
  await sql`drop function if exists passvault_mirror_search()`.execute(db);
  await sql`drop table if exists passwords_search`.execute(db);
  const schema = await trigramSchema(db);
  await sql`create index passwords_search_trgm on passwords
    using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}
