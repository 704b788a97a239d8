// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { sql, type Kysely } from 'kysely';

// Every unlock fills in the health of entries saved before it was stored (healthBackfill.ts), and asked
// for them with (user_id, strength is null): no index serves the strength, so the question read every
// entry of the vault from the table, to find none once all are filled in: 83 ms warm and 283 ms cold at
// 100,000 entries on SQLite, on every master-password action (issue 12). A partial index holds only the
// entries without health: empty once they are filled in, so no write of an entry with health touches it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index passwords_without_health on passwords (user_id) where strength is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index passwords_without_health`.execute(db);
}
