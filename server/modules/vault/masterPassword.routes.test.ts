import { MAX_MASTER_PASSWORD_ATTEMPTS } from '../../../src/common/constants';
import { MASTER_KDF } from '../../crypto/argon';
import { createVaultKey, wrapVaultKey } from '../../crypto/vaultKey';
import { LIMITS } from '../../security/limits';
import { createSession, createUser, type TestSession, type TestUser } from '../../test/fixtures';
import { codeFrom } from '../../test/smtpServer';
import { startTestApp, type TestApp } from '../../test/testApp';
import {
  INVALID_MASTER_PASSWORD,
  MASTER_PASSWORD_LOCKED,
  MASTER_PASSWORD_SESSION_ENDED,
  REASONS,
  unlockVault,
} from './masterPassword.service';

// Each wrong or right master password is one Argon2id run.
jest.setTimeout(120_000);

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
  const right = (user: TestUser, session: TestSession = user) =>
    verify(session, { masterPassword: user.masterPassword });
  const wrong = (session: TestSession) => verify(session, { masterPassword: 'not-the-master-password' });
  const listWith = (session: TestSession) =>
    t.app.inject({ method: 'GET', url: '/api/passwords', headers: session.auth });
  const status = async (session: TestSession) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/master-password/status',
      headers: session.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { attemptsRemaining: number; pausedUntil?: string };
  };
  const post = (session: TestSession, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/auth/master-password/${url}`, headers: session.auth, payload });

  describe('POST /api/auth/verify-master', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(t);
    });

    it('answers 200 for the right master password', async () => {
      const res = await right(user);
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
      expect(await status(user)).toEqual({ attemptsRemaining: MAX_MASTER_PASSWORD_ATTEMPTS });
    });

    it('answers a wrong one with 401 naming the master password and the attempts the session has left', async () => {
      const res = await wrong(user);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: INVALID_MASTER_PASSWORD, attemptsRemaining: 2 });
      expect(res.json().message).toMatch(/master password/i);
      expect(await status(user)).toEqual({ attemptsRemaining: 2 });
      expect((await listWith(user)).statusCode).toBe(200);
      // A right one gives the session its three attempts back.
      expect((await right(user)).statusCode).toBe(200);
      expect(await status(user)).toEqual({ attemptsRemaining: 3 });
    });
  });

  describe('per session: the SPEC three', () => {
    it('ends the session at the third wrong one in a row, and only that session', async () => {
      const user = await createUser(t);
      const otherDevice = await createSession(t, user.userId);
      expect((await wrong(user)).json()).toEqual({ message: INVALID_MASTER_PASSWORD, attemptsRemaining: 2 });
      expect((await wrong(user)).json()).toEqual({ message: INVALID_MASTER_PASSWORD, attemptsRemaining: 1 });
      const last = await wrong(user);
      expect(last.statusCode).toBe(401);
      expect(last.json()).toEqual({
        message: MASTER_PASSWORD_SESSION_ENDED,
        reason: REASONS.sessionEnded,
        attemptsRemaining: 0,
      });
      // Named the master password and no "Token": the browser shows the lockout and signs out 2 s later.
      expect(last.json().message).toMatch(/master password/i);
      expect(last.json().message).not.toMatch(/token|access denied|not valid/i);

      expect((await listWith(user)).json()).toEqual({ message: 'Token is not valid' });
      // Even the right master password does not help an ended session.
      expect((await right(user)).json()).toEqual({ message: 'Token is not valid' });
      // The other device keeps its session and its own three attempts.
      expect((await listWith(otherDevice)).statusCode).toBe(200);
      expect(await status(otherDevice)).toEqual({ attemptsRemaining: 3 });
      const mail = await t.smtp.nextMailTo(user.email);
      expect(mail.subject).toBe('PassVault security alert: A session ended after wrong master passwords');
    });

    it('starts a new session with three attempts, as the dialog says', async () => {
      const user = await createUser(t);
      for (let i = 0; i < MAX_MASTER_PASSWORD_ATTEMPTS; i += 1) await wrong(user);
      const fresh = await createSession(t, user.userId);
      expect(await status(fresh)).toEqual({ attemptsRemaining: 3 });
      expect((await wrong(fresh)).json()).toEqual({ message: INVALID_MASTER_PASSWORD, attemptsRemaining: 2 });
    });

    it('counts the wrong master passwords of every route that takes one', async () => {
      const user = await createUser(t);
      const masterPassword = 'wrong-everywhere';
      const someId = '00000000-0000-4000-8000-000000000000';
      const attempts = [
        { method: 'POST' as const, url: '/api/passwords', payload: { password: 'x', masterPassword } },
        { method: 'PUT' as const, url: `/api/passwords/${someId}`, payload: { masterPassword } },
        { method: 'POST' as const, url: `/api/passwords/${someId}/view`, payload: { masterPassword } },
      ];
      const remaining = [];
      for (const attempt of attempts) {
        const res = await t.app.inject({ ...attempt, headers: user.auth });
        expect(res.statusCode).toBe(401);
        remaining.push(res.json().attemptsRemaining);
      }
      expect(remaining).toEqual([2, 1, 0]);
      expect((await listWith(user)).statusCode).toBe(401);
    });

    it('ends the session exactly once under a burst of concurrent wrong guesses, and judges none after it', async () => {
      const user = await createUser(t);
      const answers = await Promise.all(Array.from({ length: 5 }, () => wrong(user)));
      const bodies = answers.map((res) => res.json() as { message: string; attemptsRemaining?: number });
      expect(answers.every((res) => res.statusCode === 401)).toBe(true);
      expect(bodies.filter((body) => body.message === INVALID_MASTER_PASSWORD)).toHaveLength(2);
      expect(bodies.filter((body) => body.message === MASTER_PASSWORD_SESSION_ENDED)).toHaveLength(1);
      expect(bodies.filter((body) => body.message === 'Token is not valid')).toHaveLength(2);
    });
  });

  describe('per account: ten a day, whatever the session or address', () => {
    const cap = LIMITS.masterPasswordDaily.limit;
    // These tests guess wrong a lot from one address: each starts with that address's limit renewed.
    beforeEach(() => t.clock.advance(LIMITS.secretChecksPerAddress.windowMs));

    /** Wrong master passwords, two per session (as sign-ins from other addresses would bring). */
    async function guessWrong(user: TestUser, times: number): Promise<TestSession> {
      let session = await createSession(t, user.userId);
      for (let i = 0; i < times; i += 1) {
        if (i > 0 && i % 2 === 0) session = await createSession(t, user.userId);
        expect((await wrong(session)).statusCode).toBe(401);
      }
      return session;
    }

    it('pauses every unlock at the tenth, the right password included, until the mailed code', async () => {
      const user = await createUser(t);
      const session = await guessWrong(user, cap - 1);
      const tenth = await wrong(session);
      expect(tenth.statusCode).toBe(429);
      expect(tenth.json()).toMatchObject({ message: MASTER_PASSWORD_LOCKED, reason: REASONS.locked });
      expect(Number(tenth.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      const alert = await t.smtp.nextMailTo(user.email);
      expect(alert.subject).toBe('PassVault security alert: Unlocking paused after wrong master passwords');

      // A new sign-in changes nothing, and the right master password is refused too (no Argon2 run).
      const fresh = await createSession(t, user.userId);
      const refused = await right(user, fresh);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().reason).toBe(REASONS.locked);
      expect((await status(fresh)).pausedUntil).toEqual(expect.any(String));

      // The code step: mailed to the account, once a minute.
      const sent = await post(fresh, 'unlock-code');
      expect(sent.statusCode).toBe(200);
      const code = codeFrom(await t.smtp.nextCodeMailTo(user.email));
      expect((await post(fresh, 'unlock-code')).statusCode).toBe(429);
      const wrongCode = await post(fresh, 'unlock', { otp: code === '000000' ? '111111' : '000000' });
      expect(wrongCode.statusCode).toBe(400);
      expect((await right(user, fresh)).statusCode).toBe(429);
      const unlocked = await post(fresh, 'unlock', { otp: code });
      expect(unlocked.statusCode).toBe(200);
      expect((await status(fresh)).pausedUntil).toBeUndefined();
      expect((await right(user, fresh)).statusCode).toBe(200);
      // The code worked once.
      expect((await post(fresh, 'unlock', { otp: code })).statusCode).toBe(409);
    });

    it('lifts the pause after 24 hours by itself; only a right password resets the count', async () => {
      const user = await createUser(t);
      let session = await guessWrong(user, cap - 1);
      // A right one in between resets the day's count.
      expect((await right(user, session)).statusCode).toBe(200);
      session = await guessWrong(user, cap - 1);
      expect((await wrong(session)).statusCode).toBe(429);
      t.clock.advance(24 * 3600_000 + 1000);
      const later = await createSession(t, user.userId);
      expect((await right(user, later)).statusCode).toBe(200);
    });

    it('says so when asked for a code while nothing is paused', async () => {
      const user = await createUser(t);
      const res = await post(user, 'unlock-code');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Unlocking is not paused' });
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

    it('does not evaluate a guess for a revoked session, nor count it', async () => {
      const user = await createUser(t);
      const other = await createSession(t, user.userId);
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
      const failures = await t.db
        .selectFrom('master_password_failures')
        .selectAll()
        .where('user_id', '=', user.userId)
        .execute();
      expect(failures).toEqual([]);
      expect(await status(other)).toEqual({ attemptsRemaining: 3 });
    });

    it('wraps a vault key made with weaker parameters again, with Argon2id m=64 MiB t=3 p=4', async () => {
      expect(MASTER_KDF).toEqual({ memoryKib: 65536, iterations: 3, parallelism: 4 });
      const user = await createUser(t);
      const auth = { userId: user.userId, sessionId: user.sessionId };
      const vaultKey = await unlockVault(t.ctx, auth, user.masterPassword);
      // As an account made before this version: the same key, wrapped with OWASP's minimum.
      const old = await wrapWith(user, vaultKey, { memoryKib: 19456, iterations: 2, parallelism: 1 });
      await t.db.updateTable('vault_keys').set(old).where('user_id', '=', user.userId).execute();
      const again = await unlockVault(t.ctx, auth, user.masterPassword);
      expect(again.equals(vaultKey)).toBe(true);
      const row = await t.db
        .selectFrom('vault_keys')
        .select(['kdf_memory_kib', 'kdf_iterations', 'kdf_parallelism', 'vault_key_wrapped'])
        .where('user_id', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kdf_memory_kib: 65536, kdf_iterations: 3, kdf_parallelism: 4 });
      expect(row.vault_key_wrapped).not.toBe(old.vault_key_wrapped);
      expect((await unlockVault(t.ctx, auth, user.masterPassword)).equals(vaultKey)).toBe(true);
    });

    it('makes new accounts with the new parameters', async () => {
      const wrapped = await createVaultKey('someone', 'Some#Master1');
      expect(wrapped.kdf).toEqual(MASTER_KDF);
    });
  });
});

/** The users columns of `vaultKey` wrapped under the user's master password with `kdf`. */
async function wrapWith(user: TestUser, vaultKey: Buffer, kdf: typeof MASTER_KDF) {
  const wrapped = await wrapVaultKey(user.userId, user.masterPassword, vaultKey, kdf);
  return {
    vault_key_wrapped: wrapped.vaultKeyWrapped,
    kdf_salt: wrapped.kdfSalt,
    kdf_memory_kib: kdf.memoryKib,
    kdf_iterations: kdf.iterations,
    kdf_parallelism: kdf.parallelism,
  };
}
