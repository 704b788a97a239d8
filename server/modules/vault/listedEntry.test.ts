// The list answers each entry from its stored listed form (passwords.list_json), written with the row.
// Whatever wrote the row (a save, an edit, a favourite, an import, a restore, a health backfill, another
// entry taking or dropping the same password), the list must say what an answer about that entry says,
// and nothing beyond the schema. Runs on SQLite and on PostgreSQL.
import {
  ListedFieldSchema,
  PasswordEntrySchema,
  PasswordHealthSchema,
  type PasswordEntry,
} from '../../../src/common/entry';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { listedEntryJson, listJsonOf } from './listedEntry';

/** The members of an entry in a list, at every level, are exactly the ones its schema names. */
function expectOnlySchemaMembers(entry: PasswordEntry): void {
  const names = (schema: { properties: object }) => Object.keys(schema.properties).sort();
  expect(Object.keys(entry).sort()).toEqual(names(PasswordEntrySchema));
  expect(Object.keys(entry.health).sort()).toEqual(names(PasswordHealthSchema));
  for (const field of entry.fields)
    expect(names(ListedFieldSchema)).toEqual(expect.arrayContaining(Object.keys(field)));
}

describe('the stored listed form of an entry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const call = async (user: TestUser, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: user.auth, payload });
  const master = (user: TestUser) => ({ masterPassword: user.masterPassword });
  const create = async (user: TestUser, fields: Record<string, unknown>) => {
    const res = await call(user, 'POST', '/passwords', { password: 'Secret-1!', ...master(user), ...fields });
    expect(res.statusCode).toBe(201);
    return res.json().data.password as PasswordEntry;
  };
  const list = async (user: TestUser) => {
    const res = await call(user, 'GET', '/passwords');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const entries = res.json().data.passwords as PasswordEntry[];
    entries.forEach(expectOnlySchemaMembers);
    return new Map(entries.map((entry) => [entry._id, entry]));
  };
  /** The entry as the answer about it alone says it (the reveal carries the listed form plus secrets). */
  const single = async (user: TestUser, id: string): Promise<PasswordEntry> => {
    const res = await call(user, 'POST', `/passwords/${id}/view`, master(user));
    expect(res.statusCode).toBe(200);
    const { password, notes, totp, totpCode, totpRemaining, fields, ...listed } = res.json().data.password;
    void [password, notes, totp, totpCode, totpRemaining];
    const shown = (fields as { name: string; value: string; hidden: boolean }[]).map((field) =>
      field.hidden ? { name: field.name, hidden: true } : field,
    );
    return { ...listed, fields: shown } as PasswordEntry;
  };
  const expectListSaysWhatEntrySays = async (user: TestUser) => {
    const listed = await list(user);
    for (const [id, entry] of listed) expect(entry).toEqual(await single(user, id));
    return listed;
  };
  const reusedIn = async (user: TestUser) =>
    Object.fromEntries([...(await list(user)).values()].map((entry) => [entry.title, entry.health.reusedIn]));

  it('follows saves, edits and favourites, custom fields and TOTP included', async () => {
    const user = await createUser(t);
    const github = await create(user, {
      title: 'GitHub',
      email: 'me@example.test',
      website: 'https://github.com',
      tags: ['code', 'work'],
      category: 'work',
      totp: 'JBSWY3DPEHPK3PXP',
      fields: [
        { name: 'Recovery', value: 'hidden-value', hidden: true },
        { name: 'Team', value: 'core', hidden: false },
      ],
    });
    expect((await list(user)).get(github._id)).toEqual(github);
    await expectListSaysWhatEntrySays(user);

    const edited = await call(user, 'PUT', `/passwords/${github._id}`, {
      title: 'GitHub "work" account',
      website: 'https://github.com/login',
      fields: [],
      ...master(user),
    });
    expect(edited.statusCode).toBe(200);
    const favourite = await call(user, 'PATCH', `/passwords/${github._id}/favorite`);
    expect(favourite.statusCode).toBe(200);
    const listed = await expectListSaysWhatEntrySays(user);
    expect(listed.get(github._id)).toMatchObject({
      title: 'GitHub "work" account',
      isFavorite: true,
      fields: [],
      updatedAt: favourite.json().data.password.updatedAt,
    });
  });

  it('counts the entries that share a password, as they come, change and go', async () => {
    const user = await createUser(t);
    const one = await create(user, { title: 'One', password: 'Shared-pass-1!' });
    await create(user, { title: 'Two', password: 'Shared-pass-1!' });
    await create(user, { title: 'Three', password: 'Own-pass-3!' });
    expect(await reusedIn(user)).toEqual({ One: 2, Two: 2, Three: 0 });

    await call(user, 'PUT', `/passwords/${one._id}`, { password: 'Own-pass-3!', ...master(user) });
    expect(await reusedIn(user)).toEqual({ One: 2, Two: 0, Three: 2 });

    const deleted = await call(user, 'DELETE', `/passwords/${one._id}`, master(user));
    expect(deleted.statusCode).toBe(200);
    expect(await reusedIn(user)).toEqual({ Two: 0, Three: 0 });
    const restored = await call(user, 'POST', `/passwords/${one._id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.password.health.reusedIn).toBe(2);
    expect(await reusedIn(user)).toEqual({ One: 2, Two: 0, Three: 2 });
    await expectListSaysWhatEntrySays(user);
  });

  it('follows imports, new and overwritten, and the health an unlock fills in', async () => {
    const user = await createUser(t);
    await create(user, { title: 'Kept', email: 'kept@example.test', password: 'Import-pass-1!' });
    const file = (rows: object[]) => JSON.stringify({ passwords: rows });
    const imported = await call(user, 'POST', '/utility/import', {
      ...master(user),
      format: 'json',
      data: file([
        { title: 'New A', password: 'Import-pass-1!' },
        { title: 'New B', password: 'Import-pass-1!', isFavorite: true, tags: ['x'] },
        { title: 'Kept', email: 'kept@example.test', password: 'Other-pass-2!' },
      ]),
      options: { skipDuplicates: false, updateExisting: true },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toMatchObject({ imported: 2, updated: 1 });
    expect(await reusedIn(user)).toEqual({ 'New A': 2, 'New B': 2, Kept: 0 });
    await expectListSaysWhatEntrySays(user);

    // As entries saved before health was stored are: no strength, no fingerprint, an older listed form.
    await t.db
      .updateTable('passwords')
      .set({ strength: null, reuse_fp: null, reuse_count: 0 })
      .where('user_id', '=', user.userId)
      .execute();
    const stale = await t.db.selectFrom('passwords').selectAll().where('user_id', '=', user.userId).execute();
    for (const row of stale) {
      await t.db
        .updateTable('passwords')
        .set({ list_json: listJsonOf(row) })
        .where('id', '=', row.id)
        .execute();
    }
    expect(Object.values(await reusedIn(user))).toEqual([0, 0, 0]);
    const unlock = await call(user, 'POST', '/auth/verify-master', master(user));
    expect(unlock.statusCode).toBe(200);
    expect(await reusedIn(user)).toEqual({ 'New A': 2, 'New B': 2, Kept: 0 });
    for (const entry of (await list(user)).values()) expect(entry.health.strength).not.toBeNull();
    await expectListSaysWhatEntrySays(user);
  });
});

describe('listedEntryJson', () => {
  const row = {
    id: 'e1',
    title: 'Title "quoted" },{"_id":',
    email: '',
    username: 'u',
    website: '',
    category: 'nonsense',
    is_favorite: 1,
    tags: '["a",3,"b"]',
    has_totp: 0,
    has_notes: 1,
    strength: '75',
    reuse_count: 1,
    password_changed_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
  };

  it('is the stored form as it is without fields, and puts the fields in when there are some', () => {
    const stored = listJsonOf(row);
    expect(listedEntryJson(stored, [])).toBe(stored);
    const fields = [
      { name: 'PIN', hidden: true },
      { name: 'Team', value: 'x', hidden: false },
    ];
    expect(JSON.parse(listedEntryJson(stored, fields))).toEqual({
      _id: 'e1',
      title: 'Title "quoted" },{"_id":',
      email: '',
      username: 'u',
      website: '',
      category: 'other',
      isFavorite: true,
      tags: ['a', 'b'],
      hasTotp: false,
      hasNotes: true,
      health: { strength: 75, reusedIn: 0, passwordChangedAt: null },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
      fields,
    });
  });
});
