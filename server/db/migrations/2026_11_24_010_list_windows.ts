// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The list is read in windows and searched through an index, so its cost stops growing with the vault:
// - passwords.search_text: title, website, username and e-mail, case-folded (full Unicode folding, done
//   by the server, the same on both databases), one field per line;
// - SQLite: an FTS5 trigram index over it (substring search); the table gets an INTEGER PRIMARY KEY
//   (`seq`) for the index to point at, as plain rowids may change on VACUUM;
// - PostgreSQL: a pg_trgm GIN index over it;
// - vault_keys.entry_count: the number of the user's entries, kept by triggers on every insert and
//   delete whichever code writes, so the list's unfiltered total costs one row read, not a count;
// - the vault-version triggers and their column go: no list cache needs them any more.

/** The server's folding as of this migration (server/modules/vault/searchText.ts). */
function searchTextOf(row: { title: string; website: string; username: string; email: string }): string {
  return [row.title, row.website, row.username, row.email]
    .map((field) =>
      field
        .normalize('NFC')
        .replace(/\n/g, ' ')
        .toUpperCase()
        .toLowerCase()
        .replace(/ς/g, 'σ')
        .normalize('NFC'),
    )
    .join('\n');
}

const BATCH = 500;

async function fillSearchText(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: { id: string; title: string; website: string; username: string; email: string }[] = await db
      .selectFrom('passwords')
      .select(['id', 'title', 'website', 'username', 'email'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await db
        .updateTable('passwords')
        .set({ search_text: searchTextOf(row) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1].id;
  }
}

async function dropVaultVersion(db: Kysely<any>, postgres: boolean): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(`drop trigger if exists passwords_vault_version_${event}${postgres ? ' on passwords' : ''}`)
      .execute(db);
  }
  if (postgres) await sql`drop function if exists passvault_bump_vault_version()`.execute(db);
  await db.schema.alterTable('vault_keys').dropColumn('vault_version').execute();
}

/** Where pg_trgm lives: installed into public when missing (a test schema dropped later must not take it along). */
async function trigramSchema(db: Kysely<any>): Promise<string> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0].schema;
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('passwords')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await fillSearchText(db);
  const schema = await trigramSchema(db);
  await sql`create index passwords_search_trgm on passwords using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(
    db,
  );
  await addCountingIndexes(db, false);
}

/**
 * Counts read an index instead of the rows (which carry the ciphertexts): the stats and the category and
 * favourite totals, and on SQLite the one- and two-character searches, which the trigram index cannot
 * serve. (Not on PostgreSQL: a B-tree entry may not exceed a third of a page, and search_text may.)
 */
async function addCountingIndexes(db: Kysely<any>, withSearchText: boolean): Promise<void> {
  await db.schema
    .createIndex('passwords_user_category')
    .on('passwords')
    .columns(['user_id', 'category', 'is_favorite'])
    .execute();
  if (withSearchText) {
    await db.schema
      .createIndex('passwords_user_search')
      .on('passwords')
      .columns(['user_id', 'search_text'])
      .execute();
  }
}

const SQLITE_COLUMNS =
  'id, user_id, title, email, username, website, category, is_favorite, tags, password_enc, notes_enc, created_at, updated_at';

async function upSqlite(db: Kysely<any>): Promise<void> {
  // SQLite cannot add a primary key to a table: a new table takes the rows, oldest first.
  await sql`create table passwords_new (
    seq integer primary key,
    id text not null unique,
    user_id text not null references users(id) on delete cascade,
    title text not null,
    email text not null default '',
    username text not null default '',
    website text not null default '',
    category text not null default 'other',
    is_favorite integer not null default 0,
    tags text not null default '[]',
    password_enc text not null,
    notes_enc text not null,
    created_at text not null,
    updated_at text not null,
    search_text text not null default ''
  )`.execute(db);
  await sql
    .raw(
      `insert into passwords_new (${SQLITE_COLUMNS}) select ${SQLITE_COLUMNS} from passwords order by created_at, id`,
    )
    .execute(db);
  await sql`drop table passwords`.execute(db);
  await sql`alter table passwords_new rename to passwords`.execute(db);
  await sql`create index passwords_user_created_id on passwords (user_id, created_at, id)`.execute(db);
  await fillSearchText(db);
  await addCountingIndexes(db, true);

  // The index holds the folded text already: case_sensitive 1 keeps SQLite's ASCII-only folding out.
  await sql`create virtual table passwords_search using fts5(
    search_text, content='passwords', content_rowid='seq', tokenize='trigram case_sensitive 1'
  )`.execute(db);
  await sql`insert into passwords_search (passwords_search) values ('rebuild')`.execute(db);
  await sql`create trigger passwords_search_insert after insert on passwords begin
    insert into passwords_search (rowid, search_text) values (new.seq, new.search_text);
  end`.execute(db);
  await sql`create trigger passwords_search_delete after delete on passwords begin
    insert into passwords_search (passwords_search, rowid, search_text) values ('delete', old.seq, old.search_text);
  end`.execute(db);
  await sql`create trigger passwords_search_update after update of search_text on passwords begin
    insert into passwords_search (passwords_search, rowid, search_text) values ('delete', old.seq, old.search_text);
    insert into passwords_search (rowid, search_text) values (new.seq, new.search_text);
  end`.execute(db);
}

async function addEntryCount(db: Kysely<any>, postgres: boolean): Promise<void> {
  await db.schema
    .alterTable('vault_keys')
    .addColumn('entry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update vault_keys set entry_count =
    (select count(*) from passwords where passwords.user_id = vault_keys.user_id)`.execute(db);
  if (postgres) {
    // Statement-level: an import of 20,000 rows updates the counter once.
    await sql`
      create function passvault_count_entries() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update vault_keys v set entry_count = v.entry_count + n.added
            from (select user_id, count(*) as added from new_rows group by user_id) n
            where v.user_id = n.user_id;
        else
          update vault_keys v set entry_count = v.entry_count - o.removed
            from (select user_id, count(*) as removed from old_rows group by user_id) o
            where v.user_id = o.user_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger passwords_count_insert after insert on passwords referencing new table as new_rows
      for each statement execute function passvault_count_entries()`.execute(db);
    await sql`create trigger passwords_count_delete after delete on passwords referencing old table as old_rows
      for each statement execute function passvault_count_entries()`.execute(db);
    return;
  }
  await sql`create trigger passwords_count_insert after insert on passwords begin
    update vault_keys set entry_count = entry_count + 1 where user_id = new.user_id;
  end`.execute(db);
  await sql`create trigger passwords_count_delete after delete on passwords begin
    update vault_keys set entry_count = entry_count - 1 where user_id = old.user_id;
  end`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropVaultVersion(db, postgres);
  if (postgres) await upPostgres(db);
  else await upSqlite(db);
  // After the SQLite table was rebuilt: its triggers belong to the new table.
  await addEntryCount(db, postgres);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of ['insert', 'delete']) {
    await sql
      .raw(`drop trigger if exists passwords_count_${event}${postgres ? ' on passwords' : ''}`)
      .execute(db);
  }
  if (postgres) await sql`drop function if exists passvault_count_entries()`.execute(db);
  await db.schema.alterTable('vault_keys').dropColumn('entry_count').execute();
  await sql`drop index if exists passwords_user_category`.execute(db);
  await sql`drop index if exists passwords_user_search`.execute(db);
  if (postgres) {
    await sql`drop index if exists passwords_search_trgm`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger if exists passwords_search_${name}`).execute(db);
    }
    await sql`drop table if exists passwords_search`.execute(db);
  }
  // The seq column stays on SQLite (harmless); search_text goes.
  await db.schema.alterTable('passwords').dropColumn('search_text').execute();
  await db.schema
    .alterTable('vault_keys')
    .addColumn('vault_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
