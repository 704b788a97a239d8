// POST /api/user/account/check: the two passwords of an account deletion, checked before the final
// question, each exactly as its other checks count it; nothing is deleted.
import { ACCOUNT_PASSWORD_REASONS } from '../../../src/common/accountPassword';
import { MAX_MASTER_PASSWORD_ATTEMPTS } from '../../../src/common/constants';
import { LIMITS } from '../../security/limits';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { INVALID_MASTER_PASSWORD, REASONS } from '../vault/masterPassword.service';

// Every check is an Argon2id run.
jest.setTimeout(120_000);

describe('POST /api/user/account/check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const check = (user: TestUser, payload: object, headers: object = user.auth) =>
    t.app.inject({ method: 'POST', url: '/api/user/account/check', headers: { ...headers }, payload });
  const verifyMaster = (user: TestUser, masterPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-master',
      headers: user.auth,
      payload: { masterPassword },
    });
  const attemptsLeft = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/master-password/status',
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { attemptsRemaining: number }).attemptsRemaining;
  };
  const entryCount = async (user: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/settings', headers: user.auth });
    expect(res.statusCode).toBe(200);
    return (res.json().settings as { totalPasswords: number }).totalPasswords;
  };
  const addEntry = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/passwords',
      headers: user.auth,
      payload: { title: 'Mail', password: 'Entry-Secret-1', masterPassword: user.masterPassword },
    });
    expect(res.statusCode).toBe(201);
  };

  it('answers 200 for both right passwords and deletes nothing', async () => {
    const ann = await createUser(t);
    await addEntry(ann);
    const res = await check(ann, { password: ann.password, masterPassword: ann.masterPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Both passwords are correct' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await entryCount(ann)).toBe(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.email, password: ann.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{}],
    [{ password: 'Account@Pass1' }],
    [{ masterPassword: 'Master#Vault9' }],
    [{ password: '', masterPassword: '' }],
  ])('refuses %j like the deletion does', async (body) => {
    const ann = await createUser(t);
    const res = await check(ann, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Both passwords are required to delete account' });
  });

  it('names the account password when it is wrong, and counts no master-password attempt', async () => {
    const ann = await createUser(t);
    const res = await check(ann, { password: 'Wrong-Pass-1', masterPassword: 'Wrong-Master-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Incorrect password',
      reason: ACCOUNT_PASSWORD_REASONS.incorrect,
    });
    expect(await attemptsLeft(ann)).toBe(MAX_MASTER_PASSWORD_ATTEMPTS);
  });

  it('counts a wrong master password with every other master-password check, and a right one resets the count', async () => {
    const ann = await createUser(t);
    const first = await check(ann, { password: ann.password, masterPassword: 'Wrong-Master-1' });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ message: INVALID_MASTER_PASSWORD, attemptsRemaining: 2 });
    // The dialogs' own check goes on from the same count...
    const second = await verifyMaster(ann, 'Wrong-Master-2');
    expect(second.json()).toMatchObject({ attemptsRemaining: 1 });
    expect(await attemptsLeft(ann)).toBe(1);
    // ... and a right pair starts it again, as a right master password anywhere does.
    const right = await check(ann, { password: ann.password, masterPassword: ann.masterPassword });
    expect(right.statusCode).toBe(200);
    expect(await attemptsLeft(ann)).toBe(MAX_MASTER_PASSWORD_ATTEMPTS);
  });

  it("ends the session at the session's third wrong master password, as every master-password check does", async () => {
    const ann = await createUser(t);
    for (const remaining of [2, 1]) {
      const res = await check(ann, { password: ann.password, masterPassword: `Wrong-Master-${remaining}` });
      expect(res.json()).toMatchObject({ attemptsRemaining: remaining });
    }
    const last = await check(ann, { password: ann.password, masterPassword: 'Wrong-Master-0' });
    expect(last.statusCode).toBe(401);
    expect(last.json()).toMatchObject({ reason: REASONS.sessionEnded, attemptsRemaining: 0 });
    const after = await t.app.inject({ method: 'GET', url: '/api/user/settings', headers: ann.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/Token/);
  });

  it('writes a wrong master password to the access log like the other checks', async () => {
    const ann = await createUser(t);
    await check(ann, { password: ann.password, masterPassword: 'Wrong-Master-1' });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/activity', headers: ann.auth });
    expect(res.statusCode).toBe(200);
    const actions = (res.json().data.items as { action: string }[]).map((item) => item.action);
    expect(actions).toContain('master-password-failed');
  });

  it('limits wrong account passwords per account like every account-password check (429 naming it)', async () => {
    const ann = await createUser(t);
    const { limit } = LIMITS.accountPasswordChecks;
    for (let index = 0; index < limit; index += 1) {
      const res = await check(ann, { password: `Wrong-Pass-${index}`, masterPassword: ann.masterPassword });
      expect(res.statusCode).toBe(400);
    }
    // Now even the right pair is refused until the window has passed.
    const limited = await check(ann, { password: ann.password, masterPassword: ann.masterPassword });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      message: expect.stringMatching(/^Too many incorrect passwords\. Please try again in /),
      reason: ACCOUNT_PASSWORD_REASONS.limited,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The master-password count was never touched.
    expect(await attemptsLeft(ann)).toBe(MAX_MASTER_PASSWORD_ATTEMPTS);
  });

  it('needs a session', async () => {
    const ann = await createUser(t);
    const res = await check(ann, { password: ann.password, masterPassword: ann.masterPassword }, {});
    expect(res.statusCode).toBe(401);
  });
});
