// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL only (issue 12): a search within a category (or the favourites of one) is counted by
// joining the owner's entries of that category with the search table's matches on the entry's id. The
// category index (user_id, category, is_favorite) did not carry the id, so the count fetched every
// entry row of the category from the table: 16,667 rows, 90-230 ms at 100,000 entries. With the id
// carried along (INCLUDE) it is read from the index alone: 16 ms. SQLite's indexes carry the row's key
// (seq), which is what its search condition joins on, so it keeps its index.

const CREATE_WITH_IDS = sql`create index passwords_user_category on passwords (user_id, category, is_favorite)
  include (id)`;
const CREATE_WITHOUT = sql`create index passwords_user_category on passwords (user_id, category, is_favorite)`;

async function replaceIndex(db: Kysely<any>, create: typeof CREATE_WITH_IDS): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index passwords_user_category`.execute(db);
  await create.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await replaceIndex(db, CREATE_WITH_IDS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceIndex(db, CREATE_WITHOUT);
}
