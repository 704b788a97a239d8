import { sql } from 'kysely';
import { createSession, createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { totp } from '../twoFactor/totp';

describe('DELETE /api/user/account', () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    [ann, bob] = await Promise.all([createUser(t), createUser(t)]);
    for (const user of [ann, bob]) await fillAccount(user);
  });
  afterAll(() => t.close());

  function call(headers: object, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { ...headers }, ...(payload ? { payload } : {}) });
  }
  const remove = (user: TestUser, payload: object) => call(user.auth, 'DELETE', '/api/user/account', payload);

  /** Entries, a second session, two-factor with recovery codes and a reset code: a row in every table. */
  async function fillAccount(user: TestUser): Promise<void> {
    for (const title of ['Mail', 'Bank']) {
      const res = await call(user.auth, 'POST', '/api/passwords', {
        title,
        password: 'Entry-Secret-1',
        tags: ['x'],
        masterPassword: user.masterPassword,
      });
      expect(res.statusCode).toBe(201);
    }
    await createSession(t, user.userId);
    const setup = await call(user.auth, 'POST', '/api/auth/enable-2fa', { password: user.password });
    expect(setup.statusCode).toBe(200);
    const otp = totp(setup.json().secret, t.clock.now());
    expect((await call(user.auth, 'POST', '/api/auth/verify-2fa-setup', { otp })).statusCode).toBe(200);
    const forgot = await call({}, 'POST', '/api/auth/forgot-password', { email: user.email });
    expect(forgot.statusCode).toBe(200);
    // The two-factor alert goes to the same address: wait for the reset mail itself.
    let mail = await t.smtp.nextMailTo(user.email);
    while (!/password reset code/.test(mail.subject)) mail = await t.smtp.nextMailTo(user.email);
    // Reset codes are kept by e-mail, the others by user id.
    const codes = await t.db
      .selectFrom('one_time_codes')
      .select('id')
      .where('email', '=', user.email)
      .execute();
    expect(codes.length).toBeGreaterThan(0);
  }

  /** The application's tables: on PostgreSQL, those of this test's schema only. */
  async function ownTables() {
    const tables = await t.db.introspection.getTables();
    if (t.sqliteFile) return tables;
    // Kysely lists every schema's tables, and the other test files' schemas come and go meanwhile.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    return tables.filter((table) => table.schema === rows[0].schema);
  }

  /** Every row of every table of the application that mentions the user's id or e-mail. */
  async function rowsMentioning(user: TestUser): Promise<string[]> {
    const tables = await ownTables();
    const found: string[] = [];
    for (const table of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(t.db);
      for (const row of rows.rows) {
        const text = JSON.stringify(row);
        if (text.includes(user.userId) || text.toLowerCase().includes(user.email.toLowerCase())) {
          found.push(`${table.name}: ${text}`);
        }
      }
    }
    return found;
  }

  it('has something of each user in the tables it must clear', async () => {
    const mentioned = (await rowsMentioning(ann)).map((row) => row.split(':')[0]);
    expect(new Set(mentioned)).toEqual(
      new Set([
        'users',
        'vault_keys',
        'list_changes',
        'vault_tallies',
        'search_letters',
        'user_settings',
        'two_factor',
        'passwords',
        'sessions',
        'recovery_codes',
        'one_time_codes',
        'activity',
        // PostgreSQL's search table carries the owner (SQLite's FTS5 index holds the search text only).
        ...(t.sqliteFile ? [] : ['passwords_search']),
      ]),
    );
  });

  it.each([
    [{}, 'Both passwords are required to delete account'],
    [{ password: 'Account@Pass1' }, 'Both passwords are required to delete account'],
    [{ masterPassword: 'Master#Vault9' }, 'Both passwords are required to delete account'],
    [{ password: '', masterPassword: '' }, 'Both passwords are required to delete account'],
  ])('refuses %j', async (body, message) => {
    const res = await remove(ann, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses a wrong account password', async () => {
    const res = await remove(ann, { password: 'Wrong-Pass-1', masterPassword: ann.masterPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Incorrect password', reason: 'account-password-incorrect' });
  });

  it('refuses a wrong master password without signing out', async () => {
    const res = await remove(ann, { password: ann.password, masterPassword: 'Wrong-Master-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'Invalid master password',
      attemptsRemaining: expect.any(Number),
    });
    expect((await call(ann.auth, 'GET', '/api/user/settings')).statusCode).toBe(200);
    expect(await rowsMentioning(ann)).not.toHaveLength(0);
  });

  it('removes the user and everything of theirs, and nothing of anyone else', async () => {
    const bobBefore = await rowsMentioning(bob);
    const res = await remove(ann, { password: ann.password, masterPassword: ann.masterPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Account deleted successfully' });

    expect(await rowsMentioning(ann)).toEqual([]);
    const after = await call(ann.auth, 'GET', '/api/user/settings');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/Token/);
    const login = await call({}, 'POST', '/api/auth/login', { email: ann.email, password: ann.password });
    expect(login.statusCode).toBe(401);

    expect(await rowsMentioning(bob)).toEqual(bobBefore);
    expect((await call(bob.auth, 'GET', '/api/user/settings')).json().settings.totalPasswords).toBe(2);
  });

  it('needs a session', async () => {
    const res = await call({}, 'DELETE', '/api/user/account', { password: 'a', masterPassword: 'b' });
    expect(res.statusCode).toBe(401);
  });
});
