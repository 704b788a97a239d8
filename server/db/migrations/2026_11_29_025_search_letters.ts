// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A search of one letter or digit is the first answer of nearly every search (the list asks after the
// first keystroke's debounce), and its total was a count of the owner's every entry: neither index
// serves a text that short, so SQLite read its (user_id, search_text) index whole, ~10 ms at 100,000
// entries, and PostgreSQL its search table, 19-21 ms (issue 12). `search_letters` holds, per owner, how
// many entries' search text contains each of a-z and 0-9, one column each (`has_a` ... `has_9`), so such a
// total is one row's read. Triggers keep it on every insert, delete and change of the search text,
// whichever code writes, as they keep vault_tallies and vault_keys.entry_count.
//
// The stored search text is case-folded (searchText.ts: no ASCII capital is left), so "contains the
// letter" (instr, strpos) is what a search's LIKE '%z%' finds, on both databases.

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
const COLUMNS = LETTERS.map((letter) => `has_${letter}`);

/** SQLite: 1 when `text` contains the letter, else 0. */
const sqliteHas = (text: string, letter: string) => `(instr(${text}, '${letter}') > 0)`;
/** PostgreSQL: how many rows of a query have the letter in their `text`. */
const postgresCount = (text: string, letter: string) =>
  `(count(*) filter (where strpos(${text}, '${letter}') > 0))::integer`;

async function createTable(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('search_letters')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'));
  for (const column of COLUMNS) table = table.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
  await table.execute();
}

async function fill(db: Kysely<any>, postgres: boolean): Promise<void> {
  const counts = LETTERS.map((letter) =>
    postgres ? postgresCount('search_text', letter) : `sum(${sqliteHas('search_text', letter)})`,
  );
  await sql
    .raw(
      `insert into search_letters (user_id, ${COLUMNS.join(', ')})
       select user_id, ${counts.join(', ')} from passwords group by user_id`,
    )
    .execute(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const add = `insert into search_letters (user_id, ${COLUMNS.join(', ')})
    values (new.user_id, ${LETTERS.map((letter) => sqliteHas('new.search_text', letter)).join(', ')})
    on conflict (user_id) do update set ${COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')};`;
  // An update only: a deleted user's row may be gone already (cascade), and must not come back.
  const remove = `update search_letters
    set ${LETTERS.map((letter, i) => `${COLUMNS[i]} = ${COLUMNS[i]} - ${sqliteHas('old.search_text', letter)}`).join(', ')}
    where user_id = old.user_id;`;
  await sql
    .raw(`create trigger passwords_letters_insert after insert on passwords begin ${add} end`)
    .execute(db);
  await sql
    .raw(`create trigger passwords_letters_delete after delete on passwords begin ${remove} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger passwords_letters_update after update of user_id, search_text on passwords
       when old.user_id is not new.user_id or old.search_text is not new.search_text
       begin ${remove} ${add} end`,
    )
    .execute(db);
}

/** PostgreSQL: the per-owner counts of a transition table's rows, signed, as (user_id, has_a, ...). */
function countsOf(rows: string, sign: 1 | -1): string {
  const counts = LETTERS.map(
    (letter, i) => `${sign} * ${postgresCount('search_text', letter)} as ${COLUMNS[i]}`,
  );
  return `select user_id, ${counts.join(', ')} from ${rows} group by user_id`;
}

/** Adds `changes` (per owner) to the owners' rows: an upsert for inserts, an update otherwise. */
function applyChanges(changes: string, upsert: boolean): string {
  const sums = COLUMNS.map((c) => `sum(${c})::integer as ${c}`).join(', ');
  const netted = `(select user_id, ${sums} from (${changes}) x group by user_id)`;
  if (upsert) {
    return `insert into search_letters as t (user_id, ${COLUMNS.join(', ')})
      select * from ${netted} c order by user_id
      on conflict (user_id) do update set ${COLUMNS.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ')};`;
  }
  const nonZero = COLUMNS.map((c) => `c.${c} <> 0`).join(' or ');
  return `update search_letters t set ${COLUMNS.map((c) => `${c} = t.${c} + c.${c}`).join(', ')}
    from ${netted} c where t.user_id = c.user_id and (${nonZero});`;
}

/** The rows an update changed, as they are after it and as they were (user_id, search_text): joined by id. */
export const CHANGED_BY_JOIN = {
  after: `(select n.user_id, n.search_text from new_rows n join old_rows o on o.id = n.id
      where n.search_text is distinct from o.search_text or n.user_id is distinct from o.user_id)`,
  before: `(select o.user_id, o.search_text from old_rows o join new_rows n on n.id = o.id
      where n.search_text is distinct from o.search_text or n.user_id is distinct from o.user_id)`,
};

/**
 * PostgreSQL: the statement-level trigger function, with `changed` the rows an update changed. Later
 * migrations replace it with another way to find them.
 */
export function letterCountingFunction(changed: { after: string; before: string }): string {
  return `create or replace function passvault_count_letters() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${applyChanges(countsOf('new_rows', 1), true)}
        elsif tg_op = 'DELETE' then
          ${applyChanges(countsOf('old_rows', -1), false)}
        elsif exists ${changed.after} then
          perform 1 from vault_keys where user_id in (select user_id from new_rows union select user_id from old_rows)
            order by user_id for update;
          ${applyChanges(`${countsOf(`${changed.after} a`, 1)} union all ${countsOf(`${changed.before} b`, -1)}`, true)}
        end if;
        return null;
      end $$`;
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Statement-level: an import of 500 rows counts them in one pass and writes each owner's row once. An
  // update counts only the rows whose search text (or owner) changed: a favourite's toggle, a reseal or
  // a health backfill of the whole vault leaves the row alone. Writers lock the owners' vault_keys rows
  // first (inserts and deletes already have, for entry_count, whose trigger fires earlier by name; an
  // update that changed a search text does so here), as the tallies' trigger does.
  await sql.raw(letterCountingFunction(CHANGED_BY_JOIN)).execute(db);
  await sql`create trigger passwords_letters_insert after insert on passwords referencing new table as new_rows
    for each statement execute function passvault_count_letters()`.execute(db);
  await sql`create trigger passwords_letters_delete after delete on passwords referencing old table as old_rows
    for each statement execute function passvault_count_letters()`.execute(db);
  await sql`create trigger passwords_letters_update after update on passwords
    referencing old table as old_rows new table as new_rows
    for each statement execute function passvault_count_letters()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await createTable(db);
  await fill(db, postgres);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of ['insert', 'delete', 'update']) {
    await sql
      .raw(`drop trigger if exists passwords_letters_${event}${postgres ? ' on passwords' : ''}`)
      .execute(db);
  }
  if (postgres) await sql`drop function if exists passvault_count_letters()`.execute(db);
  await db.schema.dropTable('search_letters').execute();
}
