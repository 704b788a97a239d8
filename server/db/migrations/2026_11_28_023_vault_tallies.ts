// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The dashboard's counts stop growing with the vault (issue 12). The statistics (entries and favourites
// per category) and the password health (weak, reused, old) read one index entry per vault entry: 9.8
// and 18.9 ms at 100,000 entries on SQLite, before every dashboard paint. `vault_tallies` holds how many
// of an owner's entries share a category, favourite flag, strength, reuse flag and month of the last
// password change; triggers keep it on every insert, delete and update of those columns, whichever code
// writes, as they keep vault_keys.entry_count. A count sums the owner's tallies. "Old" is a date
// compared with now: the months before the cut-off month come from the tallies, the cut-off month's
// entries from the new (user_id, password_changed_at) index.
//
// A tally's key has no nulls: a strength not yet known is -1, a password never dated has month ''.

/** The tally key of a row (`row`: new, old, or a transition table's alias on PostgreSQL). */
function keyOf(row: string, postgres: boolean): string {
  const reused = postgres ? `(${row}.reuse_count > 1)::integer` : `(${row}.reuse_count > 1)`;
  return [
    `${row}.user_id`,
    `${row}.category`,
    `${row}.is_favorite`,
    `coalesce(${row}.strength, -1)`,
    reused,
    `coalesce(substr(${row}.password_changed_at, 1, 7), '')`,
  ].join(', ');
}

/** A tally's key, in the order of keyOf's expressions. */
const KEY = ['user_id', 'category', 'is_favorite', 'strength', 'reused', 'changed_month'] as const;
const KEY_COLUMNS = KEY.join(', ');
const TALLIED = ['user_id', 'category', 'is_favorite', 'strength', 'reuse_count', 'password_changed_at'];

async function createTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vault_tallies')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('is_favorite', 'integer', (c) => c.notNull())
    .addColumn('strength', 'integer', (c) => c.notNull())
    .addColumn('reused', 'integer', (c) => c.notNull())
    .addColumn('changed_month', 'text', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('vault_tallies_pkey', [...KEY])
    .execute();
}

async function fill(db: Kysely<any>, postgres: boolean): Promise<void> {
  await sql
    .raw(
      `insert into vault_tallies (${KEY_COLUMNS}, entries)
       select ${keyOf('p', postgres)}, count(*) from passwords p group by ${keyOf('p', postgres)}`,
    )
    .execute(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const add = (
    row: string,
  ) => `insert into vault_tallies (${KEY_COLUMNS}, entries) values (${keyOf(row, false)}, 1)
    on conflict (${KEY_COLUMNS}) do update set entries = entries + 1;`;
  // An update only: a deleted user's tallies may be gone already (cascade), and must not come back.
  const remove = (row: string) => `update vault_tallies set entries = entries - 1
    where (${KEY_COLUMNS}) = (${keyOf(row, false)});`;
  await sql
    .raw(`create trigger passwords_tally_insert after insert on passwords begin ${add('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger passwords_tally_delete after delete on passwords begin ${remove('old')} end`)
    .execute(db);
  const changed = TALLIED.map((column) => `old.${column} is not new.${column}`).join(' or ');
  await sql
    .raw(
      `create trigger passwords_tally_update after update of ${TALLIED.join(', ')} on passwords
       when ${changed} begin ${remove('old')} ${add('new')} end`,
    )
    .execute(db);
}

/** A transition table's rows as tallies: key columns and how many (`sign` 1 or -1 each). */
function talliesOf(table: string, sign: 1 | -1): string {
  return `select ${keyOf(table, true)}, ${sign} as delta from ${table}`;
}

const POSTGRES_KEY_MATCH = `(${KEY.map((column) => `t.${column}`).join(', ')})
  = (${KEY.map((column) => `c.${column}`).join(', ')})`;

/** The tallies a statement changed, netted: (key columns, delta), no zero deltas. */
function changesOf(rows: string): string {
  return `(select ${KEY_COLUMNS}, sum(delta)::integer as delta
    from (${rows}) x (${KEY_COLUMNS}, delta) group by 1, 2, 3, 4, 5, 6 having sum(delta) <> 0)`;
}

/** Applies `changes`: decrements as updates (a deleted owner's tallies must not come back), increments as upserts. */
function applyChanges(changes: string): string {
  return `
    update vault_tallies t set entries = t.entries + c.delta from ${changes} c
      where c.delta < 0 and ${POSTGRES_KEY_MATCH};
    insert into vault_tallies as t (${KEY_COLUMNS}, entries)
      select ${KEY_COLUMNS}, delta from ${changes} c where c.delta > 0 order by 1, 2, 3, 4, 5, 6
      on conflict (${KEY_COLUMNS}) do update set entries = t.entries + excluded.entries;`;
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Statement-level, as for entry_count: an import of 500 rows changes each tally once. An update's
  // changes are netted first, so one that leaves the tallied columns alone writes and locks nothing.
  // Writers lock the owners' vault_keys rows before any tally (inserts and deletes already have, for
  // entry_count, whose trigger fires first by name), so two transactions never wait on each other's
  // tallies in turn; and tallies are written in key order.
  const updated = changesOf(`${talliesOf('new_rows', 1)} union all ${talliesOf('old_rows', -1)}`);
  await sql
    .raw(
      `create function passvault_tally_entries() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${applyChanges(changesOf(talliesOf('new_rows', 1)))}
        elsif tg_op = 'DELETE' then
          ${applyChanges(changesOf(talliesOf('old_rows', -1)))}
        elsif exists ${updated} then
          perform 1 from vault_keys where user_id in (select user_id from ${updated} c)
            order by user_id for update;
          ${applyChanges(updated)}
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger passwords_tally_insert after insert on passwords referencing new table as new_rows
    for each statement execute function passvault_tally_entries()`.execute(db);
  await sql`create trigger passwords_tally_delete after delete on passwords referencing old table as old_rows
    for each statement execute function passvault_tally_entries()`.execute(db);
  await sql`create trigger passwords_tally_update after update on passwords
    referencing old table as old_rows new table as new_rows
    for each statement execute function passvault_tally_entries()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await createTable(db);
  await fill(db, postgres);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await sql`create index passwords_user_changed on passwords (user_id, password_changed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop index if exists passwords_user_changed`.execute(db);
  for (const event of ['insert', 'delete', 'update']) {
    await sql
      .raw(`drop trigger if exists passwords_tally_${event}${postgres ? ' on passwords' : ''}`)
      .execute(db);
  }
  if (postgres) await sql`drop function if exists passvault_tally_entries()`.execute(db);
  await db.schema.dropTable('vault_tallies').execute();
}
