// Migration 028: whether an entry has notes, read off the ciphertext of the entries already there (in the
// vault and in the trash), and put in each entry's listed form where the server writes it; going back
// takes both away and leaves the listed form as it was. Runs on SQLite and on PostgreSQL.
import crypto from 'node:crypto';
import { seal } from '../crypto/aead';
import { insertPastUser, insertPastVaultKey, pastEntryRow, pastSchema } from '../test/pastSchema';
import { testDatabaseFor } from '../test/testDatabase';
import { migrateTo, migrateToLatest } from './migrate';

const AT = '2026-03-01T00:00:00.000Z';
const BEFORE_028 = '2026_12_06_027_list_changes';
const KEY = crypto.randomBytes(32);

/** Notes sealed as the server seals them: the length of the text decides the flag. */
const NOTES = {
  empty: '',
  one: 'a',
  two: 'ab',
  three: 'abc',
  long: 'Recovery codes:\n1234-5678\n'.repeat(5),
};

/** The listed form as the server wrote it before 028: no hasNotes, a title with quotes in it. */
const pastListJson = (id: string) =>
  JSON.stringify({
    _id: id,
    title: `${id} ,"health": "quoted"`,
    hasTotp: false,
    health: { strength: 3, reusedIn: 0, passwordChangedAt: null },
    createdAt: AT,
    updatedAt: AT,
    fields: [],
  });

describe('migration 028: whether an entry has notes', () => {
  const t = testDatabaseFor('passvault-migrate-028');

  beforeAll(async () => {
    await migrateTo(t.db, BEFORE_028);
    await insertPastUser(t.db, 'u1', AT);
    await insertPastVaultKey(t.db, 'u1');
    for (const [id, notes] of Object.entries(NOTES)) {
      await pastSchema(t.db)
        .insertInto('passwords')
        .values({
          ...pastEntryRow(id, 'u1', id, AT),
          notes_enc: seal(KEY, Buffer.from(notes), `aad:${id}`),
          list_json: pastListJson(id),
        })
        .execute();
    }
    for (const [id, notes] of [
      ['trashed-empty', ''],
      ['trashed-notes', 'x'],
    ]) {
      await pastSchema(t.db)
        .insertInto('passwords_trash')
        .values({
          id,
          user_id: 'u1',
          title: id,
          email: '',
          username: '',
          website: '',
          category: 'other',
          is_favorite: 0,
          tags: '[]',
          password_enc: 'sealed',
          notes_enc: seal(KEY, Buffer.from(notes), `aad:${id}`),
          has_totp: 0,
          created_at: AT,
          updated_at: AT,
          deleted_at: AT,
        })
        .execute();
    }
  });

  const rows = async (table: string) =>
    (await pastSchema(t.db).selectFrom(table).selectAll().orderBy('id').execute()).map(
      (row: Record<string, unknown>) => row,
    );

  it('flags every entry with notes, in the vault and in the trash, and lists it before the health', async () => {
    await migrateToLatest(t.db);
    const vault = await rows('passwords');
    const flags = Object.fromEntries(vault.map((row) => [row.id, Number(row.has_notes)]));
    expect(flags).toEqual({ empty: 0, one: 1, two: 1, three: 1, long: 1 });
    for (const row of vault) {
      const listed = JSON.parse(String(row.list_json)) as Record<string, unknown>;
      expect(listed.hasNotes).toBe(flags[String(row.id)] === 1);
      // Where listedEntry.ts writes it, and the title's own text untouched.
      expect(Object.keys(listed)).toEqual([
        '_id',
        'title',
        'hasTotp',
        'hasNotes',
        'health',
        'createdAt',
        'updatedAt',
        'fields',
      ]);
      expect(listed.title).toBe(`${String(row.id)} ,"health": "quoted"`);
    }
    const trash = await rows('passwords_trash');
    expect(Object.fromEntries(trash.map((row) => [row.id, Number(row.has_notes)]))).toEqual({
      'trashed-empty': 0,
      'trashed-notes': 1,
    });
  });

  it('goes back to the listed form it found, and forward again', async () => {
    await migrateTo(t.db, BEFORE_028);
    const vault = await rows('passwords');
    for (const row of vault) {
      expect(row).not.toHaveProperty('has_notes');
      expect(row.list_json).toBe(pastListJson(String(row.id)));
    }
    expect(await rows('passwords_trash')).not.toContainEqual(expect.objectContaining({ has_notes: 0 }));
    await migrateToLatest(t.db);
    const again = await rows('passwords');
    expect(again.map((row) => Number(row.has_notes))).toEqual([0, 1, 1, 1, 1]);
  });
});
