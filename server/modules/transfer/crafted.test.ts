// Crafted files through the importer: whatever the values, the answer is a 4xx with a message or a
// per-row error, never a 500, and a refused import writes nothing.
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';

const deepArray = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;

const CRAFTED: [string, string][] = [
  ['an object as the version', '{"version":{"toString":1},"passwords":[]}'],
  ['a huge version text', `{"version":"${'9'.repeat(5000)}","passwords":[]}`],
  ['passwords that are not entries', '{"version":1,"passwords":[null,1,"x",[],true,{"__proto__":{"x":1}}]}'],
  [
    'objects where text belongs',
    '{"passwords":[{"title":{"toString":1},"password":{"valueOf":2},"tags":[{"a":1}],"isFavorite":{"b":2}}]}',
  ],
  [
    'a Bitwarden item with objects for text',
    '{"encrypted":false,"items":[{"type":1,"name":{"x":1},"login":{"uris":[{"uri":{"toString":1}}],"username":[1]},"creationDate":{"x":1},"fields":"nope"}]}',
  ],
  ['Bitwarden items that are not a list', '{"encrypted":false,"items":{"length":5}}'],
  [
    'a TOTP and custom fields of the wrong types',
    '{"passwords":[{"title":"t","password":"p","totp":{"x":1},"fields":[{"name":{"x":1},"value":[1]},null,"x"]}]}',
  ],
  [
    'Bitwarden custom fields of the wrong types',
    '{"encrypted":false,"items":[{"type":1,"name":"t","login":{"password":"p","totp":[1]},"fields":[{"type":"9"},{"type":{"a":1},"name":"n","value":{"b":2}}]}]}',
  ],
  [
    'a fields cell that is not JSON',
    'name,url,username,password,note,email,category,favorite,tags,totp,fields\nt,,,p,,,,,,,[oops\n',
  ],
  ['backslashes before every quote', '"name","url","username","password"\n"\\"","\\"\\"","\\","\\\\"\n'],
  ['a deeply nested array', deepArray],
  ['a CSV header of 5,000 columns', `${Array.from({ length: 5000 }, (_, i) => `c${i}`).join(',')}\n1,2,3\n`],
  ['a CSV with a quote that never ends', 'name,url,username,password\n"x,https://x,me,pw\n'],
];

const DATES = ['99999999999999999', '-99999999999999999', '1e300', 'NaN', '2026-13-45T99:99:99Z', '0'];

describe('crafted imports', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const importData = (data: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/utility/import',
      headers: user.auth,
      payload: { masterPassword: user.masterPassword, data, format: 'json' },
    });
  const count = async () =>
    (await t.db.selectFrom('passwords').select('id').where('user_id', '=', user.userId).execute()).length;

  it.each(CRAFTED)('answers %s with a message or row errors, never a 500', async (_name, data) => {
    const before = await count();
    const res = await importData(data);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    if (res.statusCode === 200) {
      expect(body.data.imported + body.data.errors.length + body.data.skipped).toBeGreaterThan(0);
    } else {
      expect(res.statusCode).toBe(400);
      expect(body.message).toEqual(expect.any(String));
      expect(body.message.length).toBeLessThan(500); // the file is not echoed back
      expect(await count()).toBe(before);
    }
  });

  it('refuses an object as the version without echoing it', async () => {
    const res = await importData('{"version":{"toString":1},"passwords":[]}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Unsupported PassVault export version: this server reads version 1',
    });
  });

  it.each(DATES)('imports an entry whose date is %s (an impossible date counts as absent)', async (date) => {
    const res = await importData(
      JSON.stringify({
        version: 1,
        passwords: [{ title: `Dated ${date}`, password: 'pw', createdAt: date, updatedAt: date }],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 1, errors: [] });
    const row = await t.db
      .selectFrom('passwords')
      .select(['created_at', 'updated_at'])
      .where('user_id', '=', user.userId)
      .where('title', '=', `Dated ${date}`)
      .executeTakeFirstOrThrow();
    expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
  });
});
