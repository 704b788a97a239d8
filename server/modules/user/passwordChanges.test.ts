import { verifyPassword } from '../../crypto/argon';
import { createSession, createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';

const NEW_PASSWORD = 'Fresh7&Harbour';
const NEW_MASTER = 'Other9!Lantern';

describe('/api/user password and master password', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  function call(headers: object, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { ...headers }, ...(payload ? { payload } : {}) });
  }
  const passwordHashOf = async (user: TestUser) =>
    (
      await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  describe('PUT /api/user/password', () => {
    let ann: TestUser;
    beforeAll(async () => {
      ann = await createUser(t);
    });

    it.each([
      [{ newPassword: NEW_PASSWORD }, 'Current password is required'],
      [{ currentPassword: 'x' }, 'New password is required'],
      [{ currentPassword: 'x', newPassword: 'weakpass' }, 'Password does not meet security requirements'],
    ])('refuses %j: %s', async (body, message) => {
      const res = await call(ann.auth, 'PUT', '/api/user/password', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it('refuses a weak new password even with the right current one', async () => {
      const res = await call(ann.auth, 'PUT', '/api/user/password', {
        currentPassword: ann.password,
        newPassword: 'Short1!',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Password does not meet security requirements' });
      expect(await verifyPassword(await passwordHashOf(ann), ann.password)).toBe(true);
    });

    it('answers a wrong current password with a 400 that keeps the session', async () => {
      const res = await call(ann.auth, 'PUT', '/api/user/password', {
        currentPassword: 'Not-The-Password-1',
        newPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Current password is incorrect',
        reason: 'account-password-incorrect',
      });
      expect(await verifyPassword(await passwordHashOf(ann), ann.password)).toBe(true);
      expect((await call(ann.auth, 'GET', '/api/user/settings')).statusCode).toBe(200);
    });

    it('changes the password, ends every other session and keeps this one', async () => {
      const laptop = await createSession(t, ann.userId);
      const phone = await createSession(t, ann.userId);
      expect((await call(laptop.auth, 'GET', '/api/user/settings')).statusCode).toBe(200);

      const res = await call(ann.auth, 'PUT', '/api/user/password', {
        currentPassword: ann.password,
        newPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password updated successfully' });

      for (const other of [laptop, phone]) {
        const refused = await call(other.auth, 'GET', '/api/user/settings');
        expect(refused.statusCode).toBe(401);
        expect(refused.json().message).toMatch(/Token/);
      }
      expect((await call(ann.auth, 'GET', '/api/user/settings')).statusCode).toBe(200);

      const hash = await passwordHashOf(ann);
      expect(await verifyPassword(hash, NEW_PASSWORD)).toBe(true);
      expect(await verifyPassword(hash, ann.password)).toBe(false);
      expect((await login(ann.email, ann.password)).statusCode).toBe(401);
      const fresh = await login(ann.email, NEW_PASSWORD);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().data.token).toEqual(expect.any(String));
    });

    it('refuses the master password as the new account password', async () => {
      const gus = await createUser(t, { masterPassword: 'Quiet4!Lantern' });
      const res = await call(gus.auth, 'PUT', '/api/user/password', {
        currentPassword: gus.password,
        newPassword: gus.masterPassword,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The account password and the master password must be different',
      });
      expect(await verifyPassword(await passwordHashOf(gus), gus.password)).toBe(true);
    });

    it('limits password changes per account (each compares with the master password)', async () => {
      const hal = await createUser(t);
      let current = hal.password;
      for (let i = 0; i < 5; i += 1) {
        const next = `Fresh${i}&Harbour`;
        const res = await call(hal.auth, 'PUT', '/api/user/password', {
          currentPassword: current,
          newPassword: next,
        });
        expect(res.statusCode).toBe(200);
        current = next;
      }
      const sixth = await call(hal.auth, 'PUT', '/api/user/password', {
        currentPassword: current,
        newPassword: 'Fresh9&Harbour',
      });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/^Too many password changes\. Please try again in \d+ minutes\.$/);
    });

    it('limits wrong current passwords per account and says when to try again', async () => {
      const eve = await createUser(t);
      const wrong = { currentPassword: 'Guess-Number-1', newPassword: NEW_PASSWORD };
      for (let i = 0; i < 5; i += 1) {
        expect((await call(eve.auth, 'PUT', '/api/user/password', wrong)).statusCode).toBe(400);
      }
      const limited = await call(eve.auth, 'PUT', '/api/user/password', {
        currentPassword: eve.password,
        newPassword: NEW_PASSWORD,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('300');
      expect(limited.json()).toEqual({
        message: 'Too many incorrect passwords. Please try again in 5 minutes.',
        reason: 'account-password-limited',
        retryAfterSeconds: 300,
      });
      // Another account is not affected.
      const other = await createUser(t);
      expect((await call(other.auth, 'PUT', '/api/user/password', wrong)).statusCode).toBe(400);

      t.clock.advance(5 * 60_000);
      const later = await call(eve.auth, 'PUT', '/api/user/password', {
        currentPassword: eve.password,
        newPassword: NEW_PASSWORD,
      });
      expect(later.statusCode).toBe(200);
    });

    it('needs a session', async () => {
      const res = await call({}, 'PUT', '/api/user/password', { currentPassword: 'a', newPassword: 'b' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT /api/user/master-password', () => {
    let bob: TestUser;
    const entries: { id: string; password: string }[] = [];

    beforeAll(async () => {
      bob = await createUser(t);
      for (const [title, password] of [
        ['Mail', 'mail-secret-1'],
        ['Bank', 'bank-secret-2'],
        ['Shop', 'shop-secret-3'],
      ]) {
        const res = await call(bob.auth, 'POST', '/api/passwords', {
          title,
          password,
          notes: `notes of ${title}`,
          masterPassword: bob.masterPassword,
        });
        expect(res.statusCode).toBe(201);
        entries.push({ id: res.json().data.password._id, password });
      }
    });

    const reveal = (id: string, masterPassword: string) =>
      call(bob.auth, 'POST', `/api/passwords/${id}/view`, { masterPassword });
    const wrapOf = () =>
      t.db
        .selectFrom('vault_keys')
        .select(['vault_key_wrapped', 'kdf_salt'])
        .where('user_id', '=', bob.userId)
        .executeTakeFirstOrThrow();

    it.each([
      [{ newMasterPassword: NEW_MASTER }, 400, 'Current master password is required'],
      [{ currentMasterPassword: 'x' }, 400, 'New master password is required'],
      [
        { currentMasterPassword: 'x', newMasterPassword: 'alllowercase' },
        400,
        'Master password does not meet security requirements',
      ],
      [
        { currentMasterPassword: 'Wrong-Master-1', newMasterPassword: NEW_MASTER },
        401,
        'Invalid master password',
      ],
    ])('refuses %j with %i: %s', async (body, status, message) => {
      const before = await wrapOf();
      const res = await call(bob.auth, 'PUT', '/api/user/master-password', body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ message });
      expect(await wrapOf()).toEqual(before);
    });

    it('refuses the account password as the new master password, once the current one is proven', async () => {
      const before = await wrapOf();
      const res = await call(bob.auth, 'PUT', '/api/user/master-password', {
        currentMasterPassword: bob.masterPassword,
        newMasterPassword: bob.password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The account password and the master password must be different',
      });
      expect(await wrapOf()).toEqual(before);
    });

    it('re-wraps the vault key: every entry opens with the new one and none with the old', async () => {
      const before = await wrapOf();
      const res = await call(bob.auth, 'PUT', '/api/user/master-password', {
        currentMasterPassword: bob.masterPassword,
        newMasterPassword: NEW_MASTER,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Master password updated successfully' });
      const after = await wrapOf();
      expect(after.kdf_salt).not.toBe(before.kdf_salt);
      expect(after.vault_key_wrapped).not.toBe(before.vault_key_wrapped);

      for (const entry of entries) {
        const old = await reveal(entry.id, bob.masterPassword);
        expect(old.statusCode).toBe(401);
        expect(old.json().message).toMatch(/master password/i);
        const opened = await reveal(entry.id, NEW_MASTER);
        expect(opened.statusCode).toBe(200);
        expect(opened.json().data.password.password).toBe(entry.password);
      }
      const verify = await call(bob.auth, 'POST', '/api/auth/verify-master', { masterPassword: NEW_MASTER });
      expect(verify.statusCode).toBe(200);
      // The account password is untouched.
      expect((await login(bob.email, bob.password)).statusCode).toBe(200);
    });
  });
});
