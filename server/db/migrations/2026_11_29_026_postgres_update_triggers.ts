// Frozen in time: imports no application code (only the migrations whose triggers it rewrites).
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { searchMirrorFunction, UPDATE_FROM_NEW_ROWS } from './2026_11_28_020_postgres_search_table';
import { CHANGED_BY_JOIN, letterCountingFunction } from './2026_11_29_025_search_letters';

// PostgreSQL only (issue 12): what an UPDATE of passwords costs its statement-level triggers stops
// growing faster than the statement's rows.
//
// The letters trigger (025) found the rows whose owner or search text changed by joining the statement's
// new and old rows on id. Transition tables have no index and no statistics, so the planner joined them
// by nested loop: quadratic, and paid by every bulk update whatever it changed (the list texts and reuse
// counts rewritten after an import, an import that updates, the health backfill). At 100,000 entries a
// 500-row update of the list texts took 46 ms instead of 21 without the triggers, and 5,000 rows 2.6 s
// instead of 0.22. The changed rows are now the difference of the two tables on (owner, id, search
// text), which PostgreSQL hashes: a row that kept its owner and text is in both and cancels out.
//
// The search table's mirror (020) compared every updated row with its copy through the copy's index (5,000
// rows: 47 ms when no text changed); it now rewrites the copies of the same difference's rows only, and
// needs the old rows for it.

const CHANGED_BY_DIFFERENCE = {
  after: `(select user_id, id, search_text from new_rows
      except select user_id, id, search_text from old_rows)`,
  before: `(select user_id, id, search_text from old_rows
      except select user_id, id, search_text from new_rows)`,
};

// Delete and insert rather than update: the copy's key starts with the owner, and an update found the
// copy by the new owner, so an entry moved to another owner kept its old copy.
const REWRITE_CHANGED_COPIES = `delete from passwords_search s using ${CHANGED_BY_DIFFERENCE.before} b
          where s.user_id = b.user_id and s.id = b.id;
        insert into passwords_search (user_id, id, search_text)
          select user_id, id, search_text from ${CHANGED_BY_DIFFERENCE.after} a;`;

async function replaceMirrorUpdateTrigger(db: Kysely<any>, tables: string): Promise<void> {
  await sql`drop trigger passwords_search_update on passwords`.execute(db);
  await sql
    .raw(
      `create trigger passwords_search_update after update on passwords
       referencing ${tables} for each statement execute function passvault_mirror_search()`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw(letterCountingFunction(CHANGED_BY_DIFFERENCE)).execute(db);
  await sql.raw(searchMirrorFunction(REWRITE_CHANGED_COPIES)).execute(db);
  await replaceMirrorUpdateTrigger(db, 'old table as old_rows new table as new_rows');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw(letterCountingFunction(CHANGED_BY_JOIN)).execute(db);
  await sql.raw(searchMirrorFunction(UPDATE_FROM_NEW_ROWS)).execute(db);
  await replaceMirrorUpdateTrigger(db, 'new table as new_rows');
}
