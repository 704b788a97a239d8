import * as argon from '../../crypto/argon';
import { startTestApp, type TestApp } from '../../test/testApp';
import {
  assertNoSecretsLogged,
  get,
  login,
  PASSWORD,
  post,
  registerUser,
  secretsUsed,
  uniqueEmail,
  uniqueIp,
  USER_KEYS,
} from '../../test/accounts';

describe('sign-in, current user and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('signs in with the account password and answers data.user and data.token', async () => {
    const { email, user } = await registerUser(t);
    const res = await login(t, `  ${email.toUpperCase()}`, PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Login successful',
      data: { user, token: expect.any(String) },
    });
    expect(Object.keys(body.data.user).sort()).toEqual(USER_KEYS);
    // The token is random base64, which may spell "kdf" or "hash" by chance: only the rest is checked.
    expect(res.body.replace(body.data.token, '')).not.toMatch(/argon2|hash|vault_key|kdf/i);

    const me = await get(t, '/me', { token: body.data.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, data: { user } });
    expect(me.body).not.toMatch(/argon2|hash|vault_key|kdf|secret/i);
  });

  it('answers an unknown e-mail and a wrong password with the same 401', async () => {
    const { email } = await registerUser(t);
    const wrong = await login(t, email, 'Wrong1!password');
    const unknown = await login(t, uniqueEmail('ghost'), PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials' });
    expect(unknown.body).toBe(wrong.body);
  });

  it('verifies a password hash for an unknown e-mail too, so both failures cost the same', async () => {
    const { email } = await registerUser(t);
    const ip = uniqueIp();
    // Timing itself is shown by `npm run bench`; here: both failures run exactly one Argon2id verification.
    const verify = jest.spyOn(argon, 'verifyPassword');
    try {
      const wrongPassword = await login(t, email, 'Wrong1!password', ip);
      expect(verify).toHaveBeenCalledTimes(1);
      const unknownEmail = await login(t, uniqueEmail('ghost'), 'Wrong1!password', ip);
      expect(verify).toHaveBeenCalledTimes(2);
      expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    } finally {
      verify.mockRestore();
    }
  });

  it('asks for the second factor, without a token, when two-factor is on', async () => {
    const { email, user } = await registerUser(t);
    await t.db.updateTable('users').set({ two_factor_enabled: 1 }).where('id', '=', user._id).execute();
    const res = await login(t, email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      requiresTwoFactor: true,
      message: 'Enter the code from your authenticator app',
    });
    // Until the two-factor check exists, no code opens the account.
    const withCode = await post(t, '/login', { email, password: PASSWORD, twoFactorCode: '123456' });
    expect(withCode.statusCode).toBe(401);
    expect(withCode.json().data).toBeUndefined();
    // A wrong password still says only that.
    expect((await login(t, email, 'Wrong1!password')).json()).toEqual({ message: 'Invalid credentials' });
  });

  it('asks for the e-mail and the password', async () => {
    const noEmail = await post(t, '/login', { password: PASSWORD }, { ip: uniqueIp() });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ message: 'Email is required' });
    const noPassword = await post(t, '/login', { email: uniqueEmail('x') }, { ip: uniqueIp() });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ message: 'Password is required' });
  });

  it('logs out: that token stops working, other sessions keep theirs', async () => {
    const { email, token } = await registerUser(t);
    const other = (await login(t, email, PASSWORD)).json().data.token as string;

    const out = await post(t, '/logout', {}, { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' });

    const me = await get(t, '/me', { token });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'Token is not valid' });
    expect((await post(t, '/logout', {}, { token })).statusCode).toBe(401);
    expect((await get(t, '/me', { token: other })).statusCode).toBe(200);
  });

  it('refuses /me without a token or with a made-up one', async () => {
    const none = await get(t, '/me');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/Access denied|Token/);
    const madeUp = await get(t, '/me', { token: 'not-a-real-token' });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json()).toEqual({ message: 'Token is not valid' });
  });

  it('stores only the hash of a token', async () => {
    const { token, user } = await registerUser(t);
    const rows = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user._id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    secretsUsed.add(token);
  });

  describe('lifetime', () => {
    const MINUTE = 60_000;
    // As the settings page saves it: the preference, and every session of the user follows.
    const setAutoLogout = async (userId: string, minutes: number) => {
      const token = (await login(t, (await accountOf(userId)).email, PASSWORD)).json().data.token;
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/settings',
        headers: { authorization: `Bearer ${token}` },
        payload: { autoLogout: minutes },
      });
      expect(res.statusCode).toBe(200);
    };
    const accountOf = (userId: string) =>
      t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();

    it("ends a session left idle for longer than the user's auto-logout minutes", async () => {
      const { token, user } = await registerUser(t);
      await setAutoLogout(user._id, 5);
      // Used every 4 minutes: alive, whatever the total.
      for (let i = 0; i < 5; i += 1) {
        t.clock.advance(4 * MINUTE);
        expect((await get(t, '/me', { token })).statusCode).toBe(200);
      }
      // Then idle past 5 minutes (and the minute it takes a use to be recorded).
      t.clock.advance(7.5 * MINUTE);
      const idle = await get(t, '/me', { token });
      expect(idle.statusCode).toBe(401);
      expect(idle.json()).toEqual({ message: 'Token has expired after inactivity' });
      // Ended for good: the token does not come back.
      expect((await get(t, '/me', { token })).json()).toEqual({ message: 'Token is not valid' });
    });

    it('keeps a session alive with the heartbeat the browser sends while the person is active', async () => {
      const { token, user } = await registerUser(t);
      await setAutoLogout(user._id, 5);
      for (let i = 0; i < 3; i += 1) {
        t.clock.advance(4 * MINUTE);
        const beat = await post(t, '/keep-alive', {}, { token });
        expect(beat.statusCode).toBe(200);
      }
      t.clock.advance(4 * MINUTE);
      expect((await get(t, '/me', { token })).statusCode).toBe(200);
      expect((await post(t, '/keep-alive', {}, {})).statusCode).toBe(401);
    });

    it('ends every session 30 days after its sign-in, however busy', async () => {
      const { token, user } = await registerUser(t);
      await setAutoLogout(user._id, 120);
      for (let elapsed = 0; elapsed < 30 * 24 * 60 - 100; elapsed += 100) {
        t.clock.advance(100 * MINUTE);
        await post(t, '/keep-alive', {}, { token });
      }
      expect((await get(t, '/me', { token })).statusCode).toBe(200);
      t.clock.advance(101 * MINUTE);
      const old = await get(t, '/me', { token });
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ message: 'Token has expired' });
    });
  });

  it('never writes a password, a code or a token to the log', () => {
    assertNoSecretsLogged(t);
  });
});
