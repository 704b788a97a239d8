import { codeFrom } from '../../test/smtpServer';
import { startTestApp, type TestApp } from '../../test/testApp';
import { settleSecurityAlerts } from '../user/securityAlerts';
import {
  assertNoSecretsLogged,
  get,
  login,
  MASTER_PASSWORD,
  NEW_PASSWORD,
  nextCode,
  PASSWORD,
  post,
  registerUser,
  secretsUsed,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts';

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const FORGOT_ANSWER = {
  success: true,
  message: 'If an account exists for this email, a reset code has been sent.',
};

describe('password reset by e-mailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function resetAlertsTo(email: string) {
    await settleSecurityAlerts(t.ctx);
    return t.smtp.mails.filter(
      (mail) =>
        mail.to.includes(email) && mail.subject === 'PassVault security alert: Your password was reset',
    );
  }

  it('forgot -> verify-otp -> reset: the new password works, the old one and old sessions do not', async () => {
    const { email, token } = await registerUser(t);
    const ip = uniqueIp();
    const second = (await login(t, email, PASSWORD)).json().data.token as string;

    const forgot = await post(t, '/forgot-password', { email: ` ${email.toUpperCase()} ` }, { ip });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual(FORGOT_ANSWER);
    const mail = await t.smtp.nextCodeMailTo(email);
    const otp = codeFrom(mail);
    secretsUsed.add(otp);
    expect(mail.subject).toBe(`Your PassVault password reset code is ${otp}`);
    expect(`${mail.subject}\n${mail.text}`.match(/\d{6,}/g)).toEqual([otp, otp]);
    expect(mail.text).toContain('10 minutes');

    const verified = await post(t, '/verify-otp', { email, otp }, { ip });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: 'OTP verified successfully' });

    const reset = await post(t, '/reset-password', { email, otp, password: NEW_PASSWORD }, { ip });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: 'Password reset successful' });

    expect((await login(t, email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, email, NEW_PASSWORD)).statusCode).toBe(200);
    for (const old of [token, second]) {
      const me = await get(t, '/me', { token: old });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: 'Token is not valid' });
    }
    // The code is used up.
    const again = await post(t, '/reset-password', { email, otp, password: PASSWORD }, { ip });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invalid or expired OTP' });

    // Security Alerts (on by default) tells of the reset, once, without the password or the code.
    const alerts = await resetAlertsTo(email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toMatch(
      /The password of your PassVault account was reset with a code mailed to this address on .* UTC from /,
    );
    expect(alerts[0]?.text).not.toContain(NEW_PASSWORD);
    expect(alerts[0]?.text).not.toContain(otp);
  });

  it('gives an unknown e-mail the identical answer and sends it no mail', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = uniqueIp();
    const unknown = await post(t, '/forgot-password', { email: ghost }, { ip });
    const { email } = await registerUser(t);
    const known = await post(t, '/forgot-password', { email }, { ip });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    await nextCode(t, email);
    // The known user's mail arrived; the unknown lookup finished long before it.
    expect(t.smtp.mails.some((mail) => mail.to.includes(ghost))).toBe(false);
    expect(await t.db.selectFrom('one_time_codes').select('id').where('email', '=', ghost).execute()).toEqual(
      [],
    );
  });

  it('answers another request within 60 seconds with when to ask again, the same for every e-mail', async () => {
    const { email } = await registerUser(t);
    const ghost = uniqueEmail('ghost');
    const ip = uniqueIp();
    expect((await post(t, '/forgot-password', { email }, { ip })).json()).toEqual(FORGOT_ANSWER);
    expect((await post(t, '/forgot-password', { email: ghost }, { ip })).json()).toEqual(FORGOT_ANSWER);
    const first = await nextCode(t, email);
    t.clock.advance(20_000);
    const again = await post(t, '/forgot-password', { email }, { ip });
    const ghostAgain = await post(t, '/forgot-password', { email: ghost }, { ip });
    for (const res of [again, ghostAgain]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        message: 'Please wait 40 seconds before requesting a new code',
        retryAfterSeconds: 40,
      });
      expect(res.headers['retry-after']).toBe('40');
    }
    // Nothing is sent in the background either (a send takes a few milliseconds here).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resetMails = t.smtp.mails.filter((mail) => mail.to.includes(email) && /reset/.test(mail.subject));
    expect(resetMails).toHaveLength(1);
    // The first code still works.
    expect((await post(t, '/verify-otp', { email, otp: first }, { ip })).statusCode).toBe(200);

    t.clock.advance(41_000);
    expect((await post(t, '/forgot-password', { email }, { ip })).statusCode).toBe(200);
    const second = await nextCode(t, email);
    if (second !== first) {
      expect((await post(t, '/verify-otp', { email, otp: first }, { ip })).statusCode).toBe(400);
    }
    expect((await post(t, '/verify-otp', { email, otp: second }, { ip })).statusCode).toBe(200);
  });

  it('refuses the master password as the new account password, and the code is used up', async () => {
    const { email } = await registerUser(t);
    const ip = uniqueIp();
    await post(t, '/forgot-password', { email }, { ip });
    const otp = await nextCode(t, email);
    const same = await post(t, '/reset-password', { email, otp, password: MASTER_PASSWORD }, { ip });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      message: 'The account password and the master password must be different',
    });
    // One code cannot be used to test guesses of the master password one after another.
    const retry = await post(t, '/reset-password', { email, otp, password: NEW_PASSWORD }, { ip });
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toEqual({ message: 'Invalid or expired OTP' });
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
    expect(await resetAlertsTo(email)).toEqual([]);
  });

  it('refuses a wrong, an expired or a weak reset', async () => {
    const { email } = await registerUser(t);
    const ip = uniqueIp();
    await post(t, '/forgot-password', { email }, { ip });
    const otp = await nextCode(t, email);
    const wrongOtp = otp === '111111' ? '222222' : '111111';

    const wrong = await post(t, '/verify-otp', { email, otp: wrongOtp }, { ip });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid or expired OTP' });

    const weak = await post(t, '/reset-password', { email, otp, password: 'weakpass' }, { ip });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: 'Password does not meet security requirements' });

    const wrongReset = await post(
      t,
      '/reset-password',
      { email, otp: wrongOtp, password: NEW_PASSWORD },
      { ip },
    );
    expect(wrongReset.statusCode).toBe(400);
    expect(wrongReset.json()).toEqual({ message: 'Invalid or expired OTP' });

    t.clock.advance(11 * 60_000);
    const expired = await post(t, '/verify-otp', { email, otp }, { ip });
    expect(expired.statusCode).toBe(400);
    const expiredReset = await post(t, '/reset-password', { email, otp, password: NEW_PASSWORD }, { ip });
    expect(expiredReset.statusCode).toBe(400);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same when the reset mail cannot be sent, logs it without the code, and allows a retry', async () => {
    const { email } = await registerUser(t);
    const ip = uniqueIp();
    t.smtp.failNext();
    const failed = await post(t, '/forgot-password', { email }, { ip });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual(FORGOT_ANSWER);
    await waitFor(() => t.logLines.some((line) => line.includes('password reset mail failed')));
    // The code of the failed mail was taken back: no cooldown, no stray code.
    expect(
      await t.db
        .selectFrom('one_time_codes')
        .select('id')
        .where('email', '=', email)
        .where('purpose', '=', 'reset')
        .execute(),
    ).toEqual([]);
    t.clock.advance(61_000);
    await post(t, '/forgot-password', { email }, { ip });
    const otp = await nextCode(t, email);
    expect((await post(t, '/verify-otp', { email, otp }, { ip })).statusCode).toBe(200);
  });

  it('does not accept a registration code for a reset', async () => {
    const email = uniqueEmail('cross');
    const ip = uniqueIp();
    await post(
      t,
      '/register',
      { firstName: 'Al', lastName: 'Bo', email, password: PASSWORD, masterPassword: NEW_PASSWORD },
      { ip },
    );
    const otp = await nextCode(t, email);
    expect((await post(t, '/verify-otp', { email, otp }, { ip })).statusCode).toBe(400);
  });

  it('never writes a password, a code or a token to the log', () => {
    assertNoSecretsLogged(t);
  });
});
