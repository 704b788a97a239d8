// Issue 14: the generator's choice is remembered in the user's settings, checked by the shared rules.
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';

const DEFAULTS = {
  mode: 'password',
  length: 16,
  uppercase: true,
  lowercase: true,
  digits: true,
  symbols: true,
  avoidLookAlike: false,
};
const PASSPHRASE = { mode: 'passphrase', words: 7, separator: ' ', capitalise: true, includeNumber: true };

describe('/api/user/settings: the generator options', () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    [ann, bob] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const get = async (user: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/settings', headers: user.auth });
    expect(res.statusCode).toBe(200);
    return res.json().settings;
  };
  const put = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/user/settings', headers: user.auth, payload });
  const stored = async (user: TestUser) =>
    (
      await t.db
        .selectFrom('user_settings')
        .select('generator_options')
        .where('user_id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).generator_options;

  it("starts with SPEC section 9's generator: 16 characters from letters, digits and !@#$%^&*", async () => {
    expect((await get(bob)).generator).toEqual(DEFAULTS);
    expect(await stored(bob)).toBeNull();
  });

  it('saves password options and reads them back; the other preferences stay', async () => {
    const options = { ...DEFAULTS, length: 40, symbols: false, avoidLookAlike: true };
    const res = await put(ann, { generator: options });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Settings updated successfully' });
    expect(res.json().settings.generator).toEqual(options);
    const again = await get(ann);
    expect(again.generator).toEqual(options);
    expect(again).toMatchObject({ emailNotifications: true, securityAlerts: true, autoLogout: 30 });
    expect(JSON.parse((await stored(ann)) as string)).toEqual(options);
    // Another user's choice is their own.
    expect((await get(bob)).generator).toEqual(DEFAULTS);
  });

  it('saves passphrase options, keeping only the fields of the mode', async () => {
    const res = await put(ann, { generator: { ...DEFAULTS, ...PASSPHRASE, isAdmin: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.generator).toEqual(PASSPHRASE);
    expect((await get(ann)).generator).toEqual(PASSPHRASE);
    expect(JSON.parse((await stored(ann)) as string)).toEqual(PASSPHRASE);
  });

  it('keeps the generator when other preferences are saved, and them when it is', async () => {
    expect((await put(ann, { autoLogout: 60 })).json().settings.generator).toEqual(PASSPHRASE);
    const both = await put(ann, { securityAlerts: false, generator: { ...PASSPHRASE, separator: '' } });
    expect(both.json().settings).toMatchObject({
      securityAlerts: false,
      autoLogout: 60,
      generator: { ...PASSPHRASE, separator: '' },
    });
  });

  it.each([
    [{ ...DEFAULTS, length: 7 }, 'Password length must be a whole number from 8 to 128'],
    [{ ...DEFAULTS, length: 129 }, 'Password length must be a whole number from 8 to 128'],
    [{ ...DEFAULTS, length: 12.5 }, 'Password length must be a whole number from 8 to 128'],
    [
      { ...DEFAULTS, uppercase: false, lowercase: false, digits: false, symbols: false },
      'Choose at least one character set',
    ],
    [{ ...DEFAULTS, digits: undefined }, 'Digits must be true or false'],
    [{ ...PASSPHRASE, words: 2 }, 'Number of words must be a whole number from 3 to 20'],
    [{ ...PASSPHRASE, words: 21 }, 'Number of words must be a whole number from 3 to 20'],
    [{ ...PASSPHRASE, separator: '----' }, 'Separator must be at most 3 characters'],
    [{ ...PASSPHRASE, separator: '\t' }, 'Separator must not contain line breaks or invisible characters'],
    [{ ...PASSPHRASE, mode: 'pin' }, "Generator mode must be 'password' or 'passphrase'"],
    [{}, "Generator mode must be 'password' or 'passphrase'"],
  ])('refuses %j with 400 %s, and changes nothing', async (generator, message) => {
    const before = await get(ann);
    const rawBefore = await stored(ann);
    // The other preferences sent along are not saved either.
    const res = await put(ann, { autoLogout: 5, emailNotifications: false, generator });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await get(ann)).toEqual(before);
    expect(await stored(ann)).toBe(rawBefore);
  });

  it('refuses values of the wrong type by the schema, and changes nothing', async () => {
    const before = await get(ann);
    for (const generator of [
      'passphrase',
      null,
      [],
      { ...DEFAULTS, digits: 'yes' },
      { ...PASSPHRASE, words: '5' },
      { ...PASSPHRASE, separator: 'x'.repeat(101) },
    ]) {
      const res = await put(ann, { generator });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/generator/);
    }
    expect(await get(ann)).toEqual(before);
  });

  it('answers the defaults when what is stored no longer passes the rules', async () => {
    await t.db
      .updateTable('user_settings')
      .set({ generator_options: '{"mode":"password","length":4096}' })
      .where('user_id', '=', bob.userId)
      .execute();
    expect((await get(bob)).generator).toEqual(DEFAULTS);
    await t.db
      .updateTable('user_settings')
      .set({ generator_options: 'not json' })
      .where('user_id', '=', bob.userId)
      .execute();
    expect((await get(bob)).generator).toEqual(DEFAULTS);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      payload: { generator: DEFAULTS },
    });
    expect(res.statusCode).toBe(401);
  });
});
