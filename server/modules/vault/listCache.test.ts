import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';

// List answers are served from a per-process cache keyed by the user's vault_version, which database
// triggers change with every write: a write by anyone (another process, an import) is seen at once.
describe('GET /api/passwords after writes from elsewhere', () => {
  let t: TestApp;
  let ann: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    ann = await createUser(t);
  });
  afterAll(() => t.close());

  const titles = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/passwords', headers: ann.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return (res.json().data.passwords as { title: string }[]).map((entry) => entry.title);
  };

  it('shows changes made outside this process the next time it is asked', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/passwords',
      headers: ann.auth,
      payload: { title: 'First', email: 'ann', password: 'Pw1!first', masterPassword: ann.masterPassword },
    });
    expect(created.statusCode).toBe(201);
    expect(await titles()).toEqual(['First']);
    expect(await titles()).toEqual(['First']);

    // As another server process would: straight to the database.
    await t.db.updateTable('passwords').set({ title: 'Renamed' }).where('user_id', '=', ann.userId).execute();
    expect(await titles()).toEqual(['Renamed']);

    await t.db.deleteFrom('passwords').where('user_id', '=', ann.userId).execute();
    expect(await titles()).toEqual([]);
  });

  it("keeps each filter apart and never hands one user another user's list", async () => {
    const bob = await createUser(t);
    for (const [user, title] of [
      [ann, 'Ann work'],
      [bob, 'Bob work'],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: user.auth,
        payload: {
          title,
          email: 'x',
          password: 'Pw1!first',
          category: 'work',
          masterPassword: user.masterPassword,
        },
      });
    }
    const list = async (user: TestUser, query: string) =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/passwords${query}`, headers: user.auth })).json().data
          .passwords as { title: string }[]
      ).map((entry) => entry.title);
    expect(await list(ann, '?category=work')).toEqual(['Ann work']);
    expect(await list(bob, '?category=work')).toEqual(['Bob work']);
    expect(await list(ann, '?category=social')).toEqual([]);
    expect(await list(ann, '?search=work')).toEqual(['Ann work']);
  });
});
