// A search of one letter or digit takes its total from the counts triggers keep (search_letters,
// migration 025). Through the real API and database (SQLite here, PostgreSQL in the server-postgres
// project), after each kind of write every such total must equal the entries the search finds: saves,
// edits of the searched fields and of others, deletes to the trash, restores, imports of more than one
// batch (new and updating), and entries saved before the migration. That an account's deletion leaves
// none of its counts is deleteAccount.test.ts's, which reads every table.
import { sql } from 'kysely';
import type { PasswordEntry } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { vaultCalls } from '../../test/vaultCalls';
import { migrateTo, migrateToLatest } from '../../db/migrate';

// Every save is one Argon2id run.
jest.setTimeout(180_000);

const STRONG = 'Kx9#mQ2$vLp7!rTz';
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

describe('the total of a one-letter search follows every write', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const { call, withMaster, create, importEntries } = vaultCalls(() => t, STRONG);

  /** The list's total and first window for `search`, as the API answers them. */
  async function searched(user: TestUser, search: string): Promise<{ total: number; ids: string[] }> {
    const res = await call(user, 'GET', `/api/passwords?search=${encodeURIComponent(search)}&limit=100`);
    expect(res.statusCode).toBe(200);
    const { total, passwords } = res.json().data as { total: number; passwords: PasswordEntry[] };
    return { total, ids: passwords.map((entry) => entry._id) };
  }

  /** Every letter's and digit's total, as answered, next to the entries whose fields hold it. */
  async function expectTotalsOfEntries(user: TestUser): Promise<void> {
    const rows = await t.db
      .selectFrom('passwords')
      .select(['title', 'website', 'username', 'email'])
      .where('user_id', '=', user.userId)
      .execute();
    const fields = rows.map((row) => [row.title, row.website, row.username, row.email].join('\n'));
    const answered: Record<string, number> = {};
    const counted: Record<string, number> = {};
    for (const letter of LETTERS) {
      answered[letter] = (await searched(user, letter)).total;
      counted[letter] = fields.filter((text) => text.toLowerCase().includes(letter)).length;
    }
    expect(answered).toEqual(counted);
  }

  it('after saves, edits, favourites, deletes and restores', async () => {
    const alice = await createUser(t);
    await expectTotalsOfEntries(alice);

    const mail = await create(alice, {
      title: 'Mail',
      website: 'https://mail.example',
      email: 'a@mail.example',
    });
    const bank = await create(alice, { title: 'Bank 24', website: 'https://bank.test', username: 'alice' });
    await create(alice, { title: 'Quiz', website: 'https://quiz.test', username: 'Zed' });
    await expectTotalsOfEntries(alice);
    expect(await searched(alice, 'Z')).toMatchObject({ total: 1 });

    // The searched fields change; then only fields the search does not look at.
    expect(
      (
        await call(
          alice,
          'PUT',
          `/api/passwords/${bank._id}`,
          withMaster(alice, { title: 'Vault 7', username: 'x' }),
        )
      ).statusCode,
    ).toBe(200);
    await expectTotalsOfEntries(alice);
    expect((await call(alice, 'PATCH', `/api/passwords/${mail._id}/favorite`)).statusCode).toBe(200);
    expect(
      (await call(alice, 'PUT', `/api/passwords/${mail._id}`, withMaster(alice, { category: 'work' })))
        .statusCode,
    ).toBe(200);
    await expectTotalsOfEntries(alice);

    expect((await call(alice, 'DELETE', `/api/passwords/${mail._id}`, withMaster(alice))).statusCode).toBe(
      200,
    );
    await expectTotalsOfEntries(alice);
    expect((await searched(alice, 'm')).total).toBe(0);
    expect((await call(alice, 'POST', `/api/passwords/${mail._id}/restore`)).statusCode).toBe(200);
    await expectTotalsOfEntries(alice);
    expect(await searched(alice, 'm')).toEqual({ total: 1, ids: [mail._id] });
  });

  it('after imports of more than one batch, new and updating', async () => {
    const bob = await createUser(t);
    const entries = Array.from({ length: 620 }, (_, n) => ({
      title: `Imported ${n}`,
      website: `https://site${n % 40}.test`,
      email: `b${n}@${['work', 'quiet', 'zone'][n % 3]}.test`,
      password: `Import-${n}-Kx9#mQ2$vLp7`,
    }));
    expect((await importEntries(bob, entries)).json().data).toMatchObject({ imported: 620 });
    await expectTotalsOfEntries(bob);

    // The same entries (found by title, site and e-mail) with a new password: their text stays.
    const again = entries.slice(0, 30).map((entry) => ({ ...entry, password: 'Zq8!vN3#tLw6@pRy' }));
    expect((await importEntries(bob, again, true)).json().data).toMatchObject({ updated: 30 });
    await expectTotalsOfEntries(bob);
  });

  it('finds the same entries as before for a letter it does not count', async () => {
    const carol = await createUser(t);
    const cafe = await create(carol, { title: 'Café', website: 'https://cafe.test' });
    await create(carol, { title: 'Tea', website: 'https://tea.test' });
    expect(await searched(carol, 'É')).toEqual({ total: 1, ids: [cafe._id] });
    expect(await searched(carol, '.')).toMatchObject({ total: 2 });
  });

  it('is filled from the entries already there when the migration runs', async () => {
    const erin = await createUser(t);
    await create(erin, { title: 'Before the counts', website: 'https://early.test' });
    await create(erin, { title: 'Saved without them', username: 'zoe' });
    // Back before the counts: they are dropped, and the entries stay (today's app no longer writes to a
    // schema that old: it stores columns added since).
    await migrateTo(t.db, '2026_11_28_024_entries_without_health');
    const { rows } = !t.sqliteFile
      ? await sql`select 1 from pg_tables where tablename = 'search_letters' and schemaname = current_schema()`.execute(
          t.db,
        )
      : await sql`select 1 from sqlite_master where name = 'search_letters'`.execute(t.db);
    expect(rows).toHaveLength(0);
    await migrateToLatest(t.db);
    await expectTotalsOfEntries(erin);
  });
});
