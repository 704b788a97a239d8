// Search reads an index kept beside the entries (SQLite: an FTS5 table; PostgreSQL: a narrow table with a
// trigram index), which triggers keep in step. Whatever wrote the entries (a save, an edit, a delete, a
// restore, an import, the owner's account going), a search must find what the entries say now, with the
// same total, for texts the trigram index serves and for shorter ones. Runs on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import type { PasswordEntry } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { listPage } from '../../test/listWindows';
import { startTestApp, type TestApp } from '../../test/testApp';

describe('the search index follows every write', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const call = async (method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: user.auth, payload });
  const master = () => ({ masterPassword: user.masterPassword });
  /** What a search finds: the titles of one window, and the total it reports. */
  const found = async (search: string) => {
    const page = await listPage(t, user, { search, limit: '100' });
    expect(page.total).toBe(page.passwords.length);
    return page.passwords.map((entry) => entry.title).sort();
  };
  /** Index rows that carry `text` in the search index, whoever owns them. */
  const indexRowsWith = async (text: string) => {
    const query = t.sqliteFile
      ? sql<{
          n: number;
        }>`select count(*) as n from passwords_search where passwords_search match ${`"${text}"`}`
      : sql<{ n: string }>`select count(*) as n from passwords_search where search_text like ${`%${text}%`}`;
    return Number((await query.execute(t.db)).rows[0].n);
  };

  it('finds a new entry, an edited one by its new text only, and not a deleted one until restored', async () => {
    const created = await call('POST', '/passwords', {
      title: 'Quokka Mail',
      website: 'https://mail.example',
      password: 'Secret-1!',
      ...master(),
    });
    expect(created.statusCode).toBe(201);
    const entry = created.json().data.password as PasswordEntry;
    expect(await found('quokka')).toEqual(['Quokka Mail']);
    expect(await found('q')).toEqual(['Quokka Mail']);

    const edited = await call('PUT', `/passwords/${entry._id}`, { title: 'Wombat Mail', ...master() });
    expect(edited.statusCode).toBe(200);
    expect(await found('quokka')).toEqual([]);
    expect(await found('q')).toEqual([]);
    expect(await found('WOMBAT')).toEqual(['Wombat Mail']);

    // A favourite changes the row but not its text: the search still finds it.
    expect((await call('PATCH', `/passwords/${entry._id}/favorite`)).statusCode).toBe(200);
    expect(await found('wombat')).toEqual(['Wombat Mail']);

    expect((await call('DELETE', `/passwords/${entry._id}`, master())).statusCode).toBe(200);
    expect(await found('wombat')).toEqual([]);
    expect(await found('w')).toEqual([]);
    expect((await call('POST', `/passwords/${entry._id}/restore`)).statusCode).toBe(200);
    expect(await found('wombat')).toEqual(['Wombat Mail']);
  });

  it('finds imported entries by what the import wrote', async () => {
    const imported = await call('POST', '/utility/import', {
      ...master(),
      format: 'json',
      data: JSON.stringify({
        passwords: [
          { title: 'Numbat One', username: 'numbat-1', password: 'Secret-1!' },
          { title: 'Numbat Two', username: 'numbat-2', password: 'Secret-1!' },
        ],
      }),
    });
    expect(imported.statusCode).toBe(200);
    expect(await found('numbat')).toEqual(['Numbat One', 'Numbat Two']);
    expect(await found('bat-2')).toEqual(['Numbat Two']);
  });

  it('lets go of the entries of an account that is deleted', async () => {
    expect(await indexRowsWith('numbat')).toBe(2);
    const removed = await call('DELETE', '/user/account', {
      password: user.password,
      masterPassword: user.masterPassword,
    });
    expect(removed.statusCode).toBe(200);
    expect(await indexRowsWith('numbat')).toBe(0);
    expect(await indexRowsWith('wombat')).toBe(0);
  });
});
