import { HttpError } from '../../http/errors';
import { createUser, type TestUser } from '../../test/fixtures';
import { secretsFoundIn } from '../../test/secretsInText';
import { startTestApp, type TestApp } from '../../test/testApp';
import { totp } from './totp';
import { createSession } from '../../test/fixtures';
import { verifySecondFactor } from './twoFactor.service';

const STEP_MS = 30_000;

describe('two-factor authentication', () => {
  let t: TestApp;
  /** Every secret, code and password the tests used: none may appear in the log. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  function post(user: TestUser | undefined, path: string, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: user?.auth ?? {}, payload });
  }
  /** Moves the clock to one second into the next 30-second step, so a test never straddles a boundary. */
  function alignToStep(): void {
    const now = t.clock.now().getTime();
    t.clock.advance(STEP_MS - (now % STEP_MS) + 1000);
  }
  /** The code an authenticator app shows `steps` steps from now. */
  function codeAt(secret: string, steps = 0): string {
    const code = totp(secret, new Date(t.clock.now().getTime() + steps * STEP_MS));
    secrets.add(code);
    return code;
  }
  const twoFactorRow = async (user: TestUser) => {
    const account = await t.db
      .selectFrom('users')
      .select('two_factor_enabled')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    const secrets = await t.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirst();
    return {
      two_factor_enabled: account.two_factor_enabled,
      two_factor_secret_enc: secrets?.secret_enc ?? null,
      two_factor_pending_secret_enc: secrets?.pending_secret_enc ?? null,
      two_factor_last_step: secrets?.last_step ?? null,
    };
  };
  const recoveryRows = (user: TestUser) =>
    t.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.userId).execute();

  async function startSetup(user: TestUser): Promise<string> {
    const res = await post(user, '/enable-2fa', { password: user.password });
    expect(res.statusCode).toBe(200);
    const { secret } = res.json();
    secrets.add(secret);
    return secret;
  }
  async function turnOn(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
    const secret = await startSetup(user);
    const res = await post(user, '/verify-2fa-setup', { otp: codeAt(secret) });
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json();
    recoveryCodes.forEach((code: string) => secrets.add(code));
    return { secret, recoveryCodes };
  }

  describe('setup', () => {
    let ann: TestUser;
    beforeAll(async () => {
      ann = await createUser(t, { email: 'ann.two@example.test' });
      secrets.add(ann.password);
      alignToStep();
    });

    it('needs a session for every call', async () => {
      for (const path of ['/enable-2fa', '/verify-2fa-setup', '/disable-2fa']) {
        const res = await post(undefined, path, { password: 'x', otp: '123456' });
        expect(res.statusCode).toBe(401);
      }
    });

    it('asks for the account password', async () => {
      const missing = await post(ann, '/enable-2fa', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Password is required' });
      const wrong = await post(ann, '/enable-2fa', { password: 'Wrong-Pass-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'Incorrect password', reason: 'account-password-incorrect' });
      expect((await twoFactorRow(ann)).two_factor_pending_secret_enc).toBeNull();
    });

    it('refuses a confirmation before setup started', async () => {
      const res = await post(ann, '/verify-2fa-setup', { otp: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Two-factor setup has not been started' });
    });

    let secret: string;
    it('answers a secret, its key URI and a QR code, and keeps the secret encrypted', async () => {
      const res = await post(ann, '/enable-2fa', { password: ann.password });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      secret = body.secret;
      secrets.add(secret);
      expect(Object.keys(body).sort()).toEqual(['otpauthUrl', 'qrCode', 'secret', 'success']);
      expect(body.success).toBe(true);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(body.otpauthUrl).toBe(
        `otpauth://totp/PassVault:ann.two%40example.test?secret=${secret}&issuer=PassVault&algorithm=SHA1&digits=6&period=30`,
      );
      expect(body.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

      const row = await twoFactorRow(ann);
      expect(row.two_factor_enabled).toBe(0);
      expect(row.two_factor_secret_enc).toBeNull();
      expect(row.two_factor_pending_secret_enc).toMatch(/^v1\./);
      expect(row.two_factor_pending_secret_enc).not.toContain(secret);
    });

    it('refuses an empty, a wrong and an out-of-window code', async () => {
      const empty = await post(ann, '/verify-2fa-setup', { otp: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'Verification code is required' });
      const current = codeAt(secret);
      const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
      for (const otp of [wrong, codeAt(secret, 3), codeAt(secret, -3), 'abcdef']) {
        const res = await post(ann, '/verify-2fa-setup', { otp });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Invalid verification code' });
      }
      expect((await twoFactorRow(ann)).two_factor_enabled).toBe(0);
    });

    it('turns two-factor on with the current code and answers ten recovery codes once', async () => {
      const res = await post(ann, '/verify-2fa-setup', { otp: codeAt(secret) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.message).toBe('Two-factor authentication enabled');
      expect(body.recoveryCodes).toHaveLength(10);
      expect(new Set(body.recoveryCodes).size).toBe(10);
      body.recoveryCodes.forEach((code: string) => {
        expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
        secrets.add(code);
      });

      const row = await twoFactorRow(ann);
      expect(row.two_factor_enabled).toBe(1);
      expect(row.two_factor_pending_secret_enc).toBeNull();
      expect(row.two_factor_secret_enc).toMatch(/^v1\./);
      expect(row.two_factor_secret_enc).not.toContain(secret);
      const stored = await recoveryRows(ann);
      expect(stored).toHaveLength(10);
      for (const code of body.recoveryCodes) {
        expect(JSON.stringify(stored)).not.toContain(code);
        expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
      }

      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: ann.auth });
      expect(me.json().data.user.twoFactorEnabled).toBe(true);
    });

    it('ends every other session when it is turned on: they signed in without the second factor', async () => {
      const kim = await createUser(t);
      secrets.add(kim.password);
      const otherDevice = await createSession(t, kim.userId);
      await turnOn(kim);
      const me = (session: { auth: { authorization: string } }) =>
        t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.auth });
      expect((await me(kim)).statusCode).toBe(200);
      const ended = await me(otherDevice);
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toEqual({ message: 'Token is not valid' });
    });

    it('does not start or confirm a second setup while on', async () => {
      const again = await post(ann, '/enable-2fa', { password: ann.password });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: 'Two-factor authentication is already enabled' });
      const confirm = await post(ann, '/verify-2fa-setup', { otp: codeAt(secret) });
      expect(confirm.statusCode).toBe(400);
      expect(confirm.json()).toEqual({ message: 'Two-factor authentication is already enabled' });
    });

    it('uses only the newest secret when setup is started twice', async () => {
      const bob = await createUser(t);
      secrets.add(bob.password);
      const first = await startSetup(bob);
      const second = await startSetup(bob);
      expect(second).not.toBe(first);
      const stale = await post(bob, '/verify-2fa-setup', { otp: codeAt(first) });
      expect(stale.statusCode).toBe(400);
      const fresh = await post(bob, '/verify-2fa-setup', { otp: codeAt(second) });
      expect(fresh.statusCode).toBe(200);
    });
  });

  describe('the second factor of a sign-in', () => {
    let cy: TestUser;
    let secret: string;
    let recoveryCodes: string[];
    beforeAll(async () => {
      cy = await createUser(t);
      secrets.add(cy.password);
      alignToStep();
      ({ secret, recoveryCodes } = await turnOn(cy));
    });
    const check = (code: string) => verifySecondFactor(t.ctx, cy.userId, code);

    it('accepts each code once within one step either side', async () => {
      // The code that confirmed the setup is spent.
      expect(await check(codeAt(secret))).toBe(false);
      t.clock.advance(STEP_MS);
      const current = codeAt(secret);
      expect(await check(current)).toBe(true);
      // Replayed, or an older one after it: refused.
      expect(await check(current)).toBe(false);
      expect(await check(codeAt(secret, -1))).toBe(false);
      // The next step's code (a clock running ahead) is still in the window, once.
      const ahead = codeAt(secret, 1);
      expect(await check(ahead)).toBe(true);
      expect(await check(ahead)).toBe(false);
    });

    it('refuses a code from three steps away', async () => {
      t.clock.advance(4 * STEP_MS);
      expect(await check(codeAt(secret, 3))).toBe(false);
      expect(await check(codeAt(secret, -3))).toBe(false);
      // A code computed now and typed three steps later is refused too.
      const typedLate = codeAt(secret);
      t.clock.advance(3 * STEP_MS);
      expect(await check(typedLate)).toBe(false);
      expect(await check(`${codeAt(secret).slice(0, 3)} ${codeAt(secret).slice(3)}`)).toBe(true);
    });

    it('accepts a recovery code once ever, typed in any case with or without the dash', async () => {
      const [first, second] = recoveryCodes;
      expect(await check(first.toLowerCase().replace('-', ''))).toBe(true);
      expect(await check(first)).toBe(false);
      expect(await check(second)).toBe(true);
      expect(await check(second)).toBe(false);
      expect(await check('ABCD-EFGH')).toBe(false);
      const used = (await recoveryRows(cy)).filter((row) => row.used_at !== null);
      expect(used).toHaveLength(2);
    });

    it('limits wrong codes per account and says when to try again', async () => {
      const gus = await createUser(t);
      secrets.add(gus.password);
      const own = (await turnOn(gus)).secret;
      const checkGus = (code: string) => verifySecondFactor(t.ctx, gus.userId, code);
      t.clock.advance(STEP_MS);
      for (let i = 0; i < 5; i += 1) expect(await checkGus('000000')).toBe(false);
      // The right code is refused too while the account is limited.
      const limited = await checkGus(codeAt(own)).catch((error: unknown) => error);
      expect(limited).toBeInstanceOf(HttpError);
      expect(limited).toMatchObject({
        statusCode: 429,
        message: 'Too many incorrect codes. Please try again in 5 minutes.',
        headers: { 'retry-after': '300' },
      });
      // Another account is not affected.
      expect(await check(codeAt(secret))).toBe(true);
      t.clock.advance(5 * 60_000);
      expect(await checkGus(codeAt(own))).toBe(true);
    });

    it('caps wrong codes per day as well, then alerts the account once', async () => {
      const hal = await createUser(t);
      secrets.add(hal.password);
      const { secret: own } = await turnOn(hal);
      expect((await t.smtp.nextMailTo(hal.email)).subject).toMatch(/turned on/);
      const checkHal = (code: string) => verifySecondFactor(t.ctx, hal.userId, code);
      // Five every five minutes, thirty in all: the day's cap.
      for (let window = 0; window < 6; window += 1) {
        for (let i = 0; i < 5; i += 1) expect(await checkHal('000000')).toBe(false);
        t.clock.advance(5 * 60_000 + 1000);
      }
      const capped = await checkHal(codeAt(own)).catch((error: unknown) => error);
      expect(capped).toMatchObject({ statusCode: 429, message: expect.stringMatching(/in \d+ hours\.$/) });
      const alert = await t.smtp.nextMailTo(hal.email);
      expect(alert.subject).toBe('PassVault security alert: Many wrong codes were entered');
      await checkHal('000000').catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const alerts = t.smtp.mails.filter(
        (mail) => /Many wrong codes/.test(mail.subject) && mail.to.includes(hal.email),
      );
      expect(alerts).toHaveLength(1);
    });

    it('limits wrong setup codes too, with Retry-After', async () => {
      const dee = await createUser(t);
      secrets.add(dee.password);
      await startSetup(dee);
      for (let i = 0; i < 5; i += 1) {
        expect((await post(dee, '/verify-2fa-setup', { otp: '000000' })).statusCode).toBe(400);
      }
      const limited = await post(dee, '/verify-2fa-setup', { otp: '000000' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('300');
      expect(limited.json().message).toBe('Too many incorrect codes. Please try again in 5 minutes.');
    });

    it('is refused for an account without two-factor', async () => {
      const eve = await createUser(t);
      expect(await verifySecondFactor(t.ctx, eve.userId, '123456')).toBe(false);
    });
  });

  describe('disable', () => {
    let fay: TestUser;
    let secret: string;
    beforeAll(async () => {
      fay = await createUser(t);
      secrets.add(fay.password);
      alignToStep();
      ({ secret } = await turnOn(fay));
    });

    it('asks for the right account password and a current second factor', async () => {
      const missing = await post(fay, '/disable-2fa', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Password is required' });
      const noCode = await post(fay, '/disable-2fa', { password: fay.password });
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json()).toEqual({
        message: 'Enter a code from your authenticator app or a recovery code',
      });
      const wrong = await post(fay, '/disable-2fa', { password: 'Wrong-Pass-1', code: codeAt(secret) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'Incorrect password', reason: 'account-password-incorrect' });
      // The password alone (a stolen session with the password) cannot remove the second factor.
      const wrongCode = await post(fay, '/disable-2fa', { password: fay.password, code: '000000' });
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json()).toEqual({ message: 'Invalid verification code' });
      expect((await twoFactorRow(fay)).two_factor_enabled).toBe(1);
    });

    it('turns two-factor off and forgets the secret and the recovery codes', async () => {
      alignToStep();
      const res = await post(fay, '/disable-2fa', { password: fay.password, code: codeAt(secret) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: '2FA disabled successfully' });
      expect(await twoFactorRow(fay)).toEqual({
        two_factor_enabled: 0,
        two_factor_secret_enc: null,
        two_factor_pending_secret_enc: null,
        two_factor_last_step: null,
      });
      expect(await recoveryRows(fay)).toEqual([]);
      t.clock.advance(STEP_MS);
      expect(await verifySecondFactor(t.ctx, fay.userId, codeAt(secret))).toBe(false);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: fay.auth });
      expect(me.json().data.user.twoFactorEnabled).toBe(false);
    });

    it('takes a recovery code instead of an authenticator code', async () => {
      const gil = await createUser(t);
      secrets.add(gil.password);
      alignToStep();
      const { recoveryCodes } = await turnOn(gil);
      const res = await post(gil, '/disable-2fa', { password: gil.password, code: recoveryCodes[3] });
      expect(res.statusCode).toBe(200);
      expect((await twoFactorRow(gil)).two_factor_enabled).toBe(0);
    });

    it('says so when two-factor is already off', async () => {
      const res = await post(fay, '/disable-2fa', { password: fay.password, code: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Two-factor authentication is not enabled' });
    });
  });

  it('never logs a secret, a code or a password', () => {
    const log = t.logLines.join('\n');
    expect(t.logLines.length).toBeGreaterThan(0);
    expect(secretsFoundIn(log, secrets)).toEqual([]);
  });
});
