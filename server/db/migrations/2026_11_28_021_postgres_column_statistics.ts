// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL only (issue 12): ANALYZE of passwords, which the server runs after every large import (and
// autovacuum runs when it is on), sampled 30,000 rows and sorted every column of them, ciphertexts and
// stored answers included: 370-500 ms per 20,000-entry upload into a 100,000-entry vault, a sixth of the
// upload. The planner only needs statistics of the columns queries filter or sort on, and a 9,000-row
// sample (a statistics target of 30) describes an owner's share and a date's range well enough: 40-55 ms.
// The texts nobody filters on get none (search reads its own table, `passwords_search`, unchanged).

/** Read by nothing but the row itself: no statistics. */
const UNFILTERED = [
  'title',
  'email',
  'username',
  'website',
  'password_enc',
  'notes_enc',
  'totp_enc',
  'fields_enc',
  'fields_listed',
  'list_json',
  'search_text',
  'has_totp',
];

/** Filtered or sorted on: a smaller sample. */
const FILTERED = [
  'id',
  'user_id',
  'category',
  'is_favorite',
  'tags',
  'strength',
  'reuse_fp',
  'reuse_count',
  'password_changed_at',
  'created_at',
  'updated_at',
  'title_sort',
];

async function setStatistics(db: Kysely<any>, columns: string[], target: number): Promise<void> {
  for (const column of columns) {
    await sql`alter table passwords alter column ${sql.id(column)} set statistics ${sql.lit(target)}`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await setStatistics(db, UNFILTERED, 0);
  await setStatistics(db, FILTERED, 30);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // -1: the server's default_statistics_target again.
  await setStatistics(db, [...UNFILTERED, ...FILTERED], -1);
}
