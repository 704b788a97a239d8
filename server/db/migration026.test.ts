// Migration 026 rewrites how PostgreSQL's statement-level triggers find the rows an UPDATE changed (a set
// difference instead of a join of the old and new rows). Whatever one UPDATE statement does to many
// entries at once (texts changed, kept, swapped between two entries, an entry moved to another owner),
// the one-letter counts and the search table must still equal what the entries hold, before the
// migration and after it, and after going back. On SQLite the migration changes nothing, and the same
// statement must leave the same counts. Runs on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import { insertPastUser, pastEntryRow, pastSchema } from '../test/pastSchema';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo, migrateToLatest } from './migrate';

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
const AT = '2026-03-01T00:00:00.000Z';
const BEFORE_026 = '2026_11_29_025_search_letters';

describe('migration 026: one UPDATE of many entries', () => {
  const t = testDatabaseFor('passvault-migrate-026');
  const onPostgres = () => Boolean(t.location.databaseUrl);

  beforeAll(async () => {
    await migrateToLatest(t.db);
    await insertPastUser(t.db, 'u1', AT);
    await insertPastUser(t.db, 'u2', AT, 'second@example.test');
  });

  /** Inserts `count` entries of u1 named `${prefix}0`…, each with its own search text. */
  async function insertEntries(prefix: string, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, n) => `${prefix}${n}`);
    await pastSchema(t.db)
      .insertInto('passwords')
      .values(ids.map((id, n) => pastEntryRow(id, 'u1', `${id} site${n % 7}.example\nuser${n}`, AT)))
      .execute();
    return ids;
  }

  /** One statement: each [id, search text, owner] row is written to its entry, with a new list text for all. */
  async function updateInOneStatement(rows: [string, string, string][]): Promise<void> {
    const values = sql.join(rows.map((row) => sql`(${sql.join(row)})`));
    await sql`with v (id, search_text, user_id) as (values ${values})
      update passwords set search_text = v.search_text, user_id = v.user_id, list_json = 'rewritten'
      from v where passwords.id = v.id`.execute(t.db);
  }

  /** Each owner's stored counts next to the counts of what their entries hold. */
  async function expectCountsOfEntries(): Promise<void> {
    const entries = await pastSchema(t.db)
      .selectFrom('passwords')
      .select(['user_id', 'search_text'])
      .execute();
    const counted: Record<string, Record<string, number>> = {};
    for (const owner of ['u1', 'u2']) {
      counted[owner] = Object.fromEntries(LETTERS.map((letter) => [`has_${letter}`, 0]));
    }
    for (const entry of entries as { user_id: string; search_text: string }[]) {
      for (const letter of LETTERS)
        if (entry.search_text.includes(letter)) counted[entry.user_id][`has_${letter}`] += 1;
    }
    const stored = await pastSchema(t.db).selectFrom('search_letters').selectAll().execute();
    const storedByOwner = Object.fromEntries(
      (stored as Record<string, string | number>[]).map(({ user_id, ...counts }) => [
        user_id,
        Object.fromEntries(Object.entries(counts).map(([column, n]) => [column, Number(n)])),
      ]),
    );
    expect({ u1: storedByOwner.u1, u2: storedByOwner.u2 ?? counted.u2 }).toEqual(counted);
    if (!onPostgres()) return;
    const copy = await sql<{ user_id: string; id: string; search_text: string }>`
      select user_id, id, search_text from passwords_search order by id`.execute(t.db);
    const kept = await sql<{ user_id: string; id: string; search_text: string }>`
      select user_id, id, search_text from passwords order by id`.execute(t.db);
    expect(copy.rows).toEqual(kept.rows);
  }

  /**
   * Changes some texts, keeps others, swaps two entries' texts and (with `moveOwner`) moves two entries
   * to u2, one of them renamed: one statement.
   */
  async function mixedUpdate(prefix: string, moveOwner = true): Promise<void> {
    const ids = await insertEntries(prefix, 40);
    await expectCountsOfEntries();
    const rows = ids.map((id, n): [string, string, string] => [
      id,
      `${id} site${n % 7}.example\nuser${n}`,
      'u1',
    ]);
    for (let n = 0; n < 10; n++) rows[n][1] = `quiz ${n} jq`;
    [rows[20][1], rows[21][1]] = [rows[21][1], rows[20][1]];
    if (moveOwner) {
      rows[30][2] = 'u2';
      rows[31] = [rows[31][0], 'moved and renamed 9x', 'u2'];
    }
    await updateInOneStatement(rows);
    await expectCountsOfEntries();
    // Only a text no count reads: nothing moves.
    await sql`update passwords set list_json = 'again'`.execute(t.db);
    await expectCountsOfEntries();
  }

  it('keeps the counts and the search table equal to the entries', async () => {
    await mixedUpdate('a');
  });

  it('does so with the triggers as they were, going back, and again going forward', async () => {
    await migrateTo(t.db, BEFORE_026);
    // Before 026, PostgreSQL's search table kept an entry moved to another owner under the first one.
    await mixedUpdate('b', !onPostgres());
    await migrateToLatest(t.db);
    await mixedUpdate('c');
  });
});
