// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Whether an entry has notes, so that its details say "no notes" before the master password is given
// instead of masking notes that do not exist (the notes themselves stay sealed with the vault key):
// - passwords.has_notes and passwords_trash.has_notes, written with every save from then on;
// - for the entries already there it is read off the ciphertext's length: notes are sealed as
//   "v1." + base64(nonce 12 | ciphertext | tag 16) (crypto/aead.ts), so empty notes are exactly 28 bytes,
//   43 characters ending in "==", and any other is longer in bytes (29 bytes end in a single "=", 30 in
//   none, more in more characters). The length of notes was never secret from the server;
// - each entry's listed form (list_json) gains "hasNotes" before "health", where vault/listedEntry.ts
//   writes it. An unescaped `,"health":` occurs once in it (a quote inside a text is escaped), so
//   replacing it is what writing the form again would give.

const NOTES_PRESENT = sql`case when notes_enc is null or notes_enc = '' then 0
  when length(notes_enc) <= 43 and notes_enc like '%==' then 0 else 1 end`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['passwords', 'passwords_trash']) {
    await db.schema
      .alterTable(table)
      .addColumn('has_notes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // No query filters or sorts on it: PostgreSQL keeps no statistics of it (as migration 021 decided).
    await sql`alter table passwords alter column has_notes set statistics 0`.execute(db);
  }
  await sql`update passwords_trash set has_notes = ${NOTES_PRESENT}`.execute(db);
  // One statement for both columns: every row is written, and its triggers run, once rather than twice
  // (on PostgreSQL a 100,000-entry table took 14.3 s with two).
  await sql`update passwords set has_notes = ${NOTES_PRESENT}, list_json = replace(list_json, ',"health":',
    case when ${NOTES_PRESENT} = 1 then ',"hasNotes":true,"health":' else ',"hasNotes":false,"health":' end)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update passwords set list_json = replace(replace(list_json,
    ',"hasNotes":true,"health":', ',"health":'), ',"hasNotes":false,"health":', ',"health":')`.execute(db);
  for (const table of ['passwords', 'passwords_trash']) {
    await db.schema.alterTable(table).dropColumn('has_notes').execute();
  }
}
