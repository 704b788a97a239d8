import { SERVER_MASTER_PASSWORD_FAILURES } from '../../../src/common/constants';
import { createSession, createUser, type TestSession, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import {
  INVALID_MASTER_PASSWORD,
  MASTER_PASSWORD_LOCKOUT,
  unlockVault,
  type MasterPasswordLockout,
} from './masterPassword.service';

// Each wrong or right master password is one Argon2id run.
jest.setTimeout(60_000);

describe('the master password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const verify = (session: TestSession, payload: unknown = undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-master',
      headers: session.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const wrong = (session: TestSession) => verify(session, { masterPassword: 'not-the-master-password' });
  const listWith = (session: TestSession) =>
    t.app.inject({ method: 'GET', url: '/api/passwords', headers: session.auth });
  const failuresOf = async (user: TestUser) =>
    (
      await t.db
        .selectFrom('users')
        .select('master_failures')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).master_failures;

  describe('POST /api/auth/verify-master', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(t);
    });

    it('answers 200 for the right master password', async () => {
      const res = await verify(user, { masterPassword: user.masterPassword });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Master password verified' });
    });

    it('refuses a request without a valid token before reading the body', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-master', payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Access denied. No token provided.' });
      const bogus = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-master',
        headers: { authorization: 'Bearer nope' },
        payload: { masterPassword: user.masterPassword },
      });
      expect(bogus.statusCode).toBe(401);
      expect(bogus.json()).toEqual({ message: 'Token is not valid' });
    });

    it.each([
      ['an empty body', {}],
      ['an empty master password', { masterPassword: '' }],
      ['no body at all', undefined],
    ])('asks for the master password on %s (400, not counted)', async (_name, payload) => {
      const res = await verify(user, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Master password is required' });
      expect(await failuresOf(user)).toBe(0);
    });

    it('answers a wrong one with 401 naming the master password, counts it and keeps the session', async () => {
      const res = await wrong(user);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: INVALID_MASTER_PASSWORD });
      expect(res.json().message).toMatch(/master password/i);
      expect(await failuresOf(user)).toBe(1);
      expect((await listWith(user)).statusCode).toBe(200);
      // and a success resets the count
      expect((await verify(user, { masterPassword: user.masterPassword })).statusCode).toBe(200);
      expect(await failuresOf(user)).toBe(0);
    });
  });

  describe('lockout', () => {
    it(`revokes every session of the user at the ${SERVER_MASTER_PASSWORD_FAILURES}th wrong one in a row`, async () => {
      const user = await createUser(t);
      const otherDevice = await createSession(t, user.userId);
      const bystander = await createUser(t);

      for (let attempt = 1; attempt < SERVER_MASTER_PASSWORD_FAILURES; attempt += 1) {
        const res = await wrong(user);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: INVALID_MASTER_PASSWORD });
      }
      expect(await failuresOf(user)).toBe(SERVER_MASTER_PASSWORD_FAILURES - 1);

      const last = await wrong(user);
      expect(last.statusCode).toBe(401);
      expect(last.json()).toEqual({ message: MASTER_PASSWORD_LOCKOUT });
      // The client signs out on it: it says Token and does not name the master password.
      expect(last.json().message).toMatch(/Token/);
      expect(last.json().message).not.toMatch(/master password/i);

      for (const session of [user, otherDevice]) {
        const res = await listWith(session);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Token is not valid' });
      }
      // Even the right master password does not help a revoked session.
      const late = await verify(user, { masterPassword: user.masterPassword });
      expect(late.statusCode).toBe(401);
      expect(late.json()).toEqual({ message: 'Token is not valid' });

      // A new session starts with a clean count; other users are untouched.
      expect(await failuresOf(user)).toBe(0);
      const fresh = await createSession(t, user.userId);
      expect((await wrong(fresh)).json()).toEqual({ message: INVALID_MASTER_PASSWORD });
      expect((await listWith(fresh)).statusCode).toBe(200);
      expect((await listWith(bystander)).statusCode).toBe(200);
    });

    it('starts counting again after a success in between', async () => {
      const user = await createUser(t);
      const almost = SERVER_MASTER_PASSWORD_FAILURES - 1;
      for (let attempt = 0; attempt < almost; attempt += 1) expect((await wrong(user)).statusCode).toBe(401);
      expect((await verify(user, { masterPassword: user.masterPassword })).statusCode).toBe(200);
      for (let attempt = 0; attempt < almost; attempt += 1) {
        expect((await wrong(user)).json()).toEqual({ message: INVALID_MASTER_PASSWORD });
      }
      expect(await failuresOf(user)).toBe(almost);
      expect((await listWith(user)).statusCode).toBe(200);
    });

    it('counts the wrong master passwords of every route that takes one', async () => {
      const user = await createUser(t);
      const masterPassword = 'wrong-everywhere';
      const someId = '00000000-0000-4000-8000-000000000000';
      const attempts = [
        { method: 'POST' as const, url: '/api/passwords', payload: { password: 'x', masterPassword } },
        { method: 'PUT' as const, url: `/api/passwords/${someId}`, payload: { masterPassword } },
        { method: 'DELETE' as const, url: `/api/passwords/${someId}`, payload: { masterPassword } },
        { method: 'POST' as const, url: `/api/passwords/${someId}/view`, payload: { masterPassword } },
      ];
      for (const attempt of attempts) {
        const res = await t.app.inject({ ...attempt, headers: user.auth });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: INVALID_MASTER_PASSWORD });
      }
      expect(attempts.length).toBe(SERVER_MASTER_PASSWORD_FAILURES - 1);
      expect((await wrong(user)).json()).toEqual({ message: MASTER_PASSWORD_LOCKOUT });
      expect((await listWith(user)).statusCode).toBe(401);
    });

    it('locks out exactly once under a burst of concurrent wrong guesses, and answers none after it', async () => {
      const user = await createUser(t);
      const burst = SERVER_MASTER_PASSWORD_FAILURES + 2;
      const answers = await Promise.all(Array.from({ length: burst }, () => wrong(user)));
      const messages = answers.map((res) => res.json().message as string);
      expect(answers.every((res) => res.statusCode === 401)).toBe(true);
      expect(messages.filter((m) => m === INVALID_MASTER_PASSWORD)).toHaveLength(
        SERVER_MASTER_PASSWORD_FAILURES - 1,
      );
      expect(messages.filter((m) => m === MASTER_PASSWORD_LOCKOUT)).toHaveLength(1);
      expect(messages.filter((m) => m === 'Token is not valid')).toHaveLength(2);
      expect(await failuresOf(user)).toBe(0);
    });
  });

  describe('unlockVault', () => {
    it('returns the same 32-byte vault key for the right master password', async () => {
      const user = await createUser(t);
      const auth = { userId: user.userId, sessionId: user.sessionId };
      const first = await unlockVault(t.ctx, auth, user.masterPassword);
      const second = await unlockVault(t.ctx, auth, user.masterPassword);
      expect(first).toHaveLength(32);
      expect(first.equals(second)).toBe(true);
    });

    it('calls the security-alert seam once, after the sessions are revoked', async () => {
      const user = await createUser(t);
      const auth = { userId: user.userId, sessionId: user.sessionId };
      const lockouts: MasterPasswordLockout[] = [];
      let revokedWhenCalled: boolean | undefined;
      const onMasterPasswordLockout = async (lockout: MasterPasswordLockout) => {
        lockouts.push(lockout);
        const session = await t.db
          .selectFrom('sessions')
          .select('revoked_at')
          .where('id', '=', user.sessionId)
          .executeTakeFirstOrThrow();
        revokedWhenCalled = session.revoked_at !== null;
        throw new Error('mail server down'); // must not change the answer
      };
      for (let attempt = 1; attempt <= SERVER_MASTER_PASSWORD_FAILURES; attempt += 1) {
        await expect(unlockVault(t.ctx, auth, 'wrong', { onMasterPasswordLockout })).rejects.toMatchObject({
          statusCode: 401,
          message:
            attempt < SERVER_MASTER_PASSWORD_FAILURES ? INVALID_MASTER_PASSWORD : MASTER_PASSWORD_LOCKOUT,
        });
      }
      expect(lockouts).toEqual([
        {
          userId: user.userId,
          sessionId: user.sessionId,
          failures: SERVER_MASTER_PASSWORD_FAILURES,
          at: expect.any(Date),
        },
      ]);
      expect(revokedWhenCalled).toBe(true);
    });

    it('does not evaluate a guess for a revoked session, nor count it', async () => {
      const user = await createUser(t);
      await t.db
        .updateTable('sessions')
        .set({ revoked_at: t.clock.now().toISOString() })
        .where('id', '=', user.sessionId)
        .execute();
      const auth = { userId: user.userId, sessionId: user.sessionId };
      for (const guess of ['wrong', user.masterPassword]) {
        await expect(unlockVault(t.ctx, auth, guess)).rejects.toMatchObject({
          statusCode: 401,
          message: 'Token is not valid',
        });
      }
      expect(await failuresOf(user)).toBe(0);
    });
  });
});
