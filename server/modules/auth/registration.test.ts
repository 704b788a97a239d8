import { mustContainMessage } from '../../../src/common/passwordPolicy';
import { codeFrom } from '../../test/smtpServer';
import { startTestApp, type TestApp } from '../../test/testApp';
import {
  assertNoSecretsLogged,
  get,
  MASTER_PASSWORD,
  nextCode,
  PASSWORD,
  post,
  registerUser,
  registration,
  secretsUsed,
  uniqueEmail,
  uniqueIp,
  USER_KEYS,
} from '../../test/accounts';

const MINUTE = 60_000;

describe('registration by e-mailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Starts a registration; answers its handle (what this client keeps with the e-mail). */
  async function start(email: string, ip: string, overrides: Parameters<typeof registration>[1] = {}) {
    const res = await post(t, '/register', registration(email, overrides), { ip });
    expect(res.statusCode).toBe(201);
    return res.json().registrationId as string;
  }
  const verify = (email: string, otp: string, registrationId: string, ip: string) =>
    post(t, '/verify-registration-otp', { email, otp, registrationId }, { ip });
  const resend = (email: string, registrationId: string, ip: string) =>
    post(t, '/resend-registration-otp', { email, registrationId }, { ip });

  it('registers, mails a code, and signs the user in once the code is verified', async () => {
    const email = uniqueEmail('ada');
    const ip = uniqueIp();
    const started = await post(
      t,
      '/register',
      registration(`  ${email.toUpperCase()} `, { firstName: '  Ada ', lastName: ' Lovelace  ' }),
      { ip },
    );
    expect(started.statusCode).toBe(201);
    expect(started.json()).toEqual({
      success: true,
      message: 'Registration initiated successfully',
      email,
      registrationId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const { registrationId } = started.json();

    const mail = await t.smtp.nextCodeMailTo(email);
    const otp = codeFrom(mail);
    secretsUsed.add(otp);
    expect(mail.subject).toBe(`Your PassVault verification code is ${otp}`);
    // The code is the only 6-digit number, and the mail says how long it lasts.
    expect(`${mail.subject}\n${mail.text}`.match(/\d{6,}/g)).toEqual([otp, otp]);
    expect(mail.text).toContain('10 minutes');

    // Nothing exists as an account until the code is verified.
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBe(
      undefined,
    );
    const pending = await t.db
      .selectFrom('pending_registrations')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(pending.password_hash).toMatch(/^\$argon2id\$/);
    // The master password is stored nowhere: only the vault key it wraps.
    expect(JSON.stringify(pending)).not.toContain(MASTER_PASSWORD);
    expect(JSON.stringify(pending)).not.toContain(PASSWORD);
    // The handle is kept only as its hash.
    expect(JSON.stringify(pending)).not.toContain(registrationId);

    const verified = await verify(email, otp, registrationId, ip);
    expect(verified.statusCode).toBe(201);
    const body = verified.json();
    secretsUsed.add(body.token);
    expect(body).toMatchObject({ success: true, message: 'Registration completed successfully' });
    expect(typeof body.token).toBe('string');
    expect(body.user).toEqual({
      _id: pending.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      twoFactorEnabled: false,
      createdAt: expect.any(String),
    });
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);

    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.id).toBe(pending.id);
    const vault = await t.db
      .selectFrom('vault_keys')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(vault.vault_key_wrapped).toBe(pending.vault_key_wrapped);
    // A new account has its preferences and a session that ends after 30 idle minutes.
    const settings = await t.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(settings).toMatchObject({ email_notifications: 1, security_alerts: 1, auto_logout: 30 });
    expect(
      await t.db
        .selectFrom('pending_registrations')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst(),
    ).toBe(undefined);

    const me = await get(t, '/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, data: { user: body.user } });
  });

  it('refuses an e-mail that already has an account with "already exists"', async () => {
    const { email } = await registerUser(t);
    const again = await post(t, '/register', registration(email, { firstName: '  Grace ' }), {
      ip: uniqueIp(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'User with this email already exists' });
    expect(again.json().message).toContain('already exists');
  });

  it('refuses to resend a code once registration is complete, with "already"', async () => {
    const { email } = await registerUser(t);
    const res = await resend(email, 'any-handle', uniqueIp());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Registration already completed' });
  });

  it('answers 404 when there is nothing to resend', async () => {
    const res = await resend(uniqueEmail('nobody'), 'no-such-handle', uniqueIp());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No pending registration for this email' });
  });

  it('enforces the 60-second resend cooldown; a new code makes the old one useless', async () => {
    const email = uniqueEmail('resend');
    const ip = uniqueIp();
    const handle = await start(email, ip);
    const first = await nextCode(t, email);

    const tooSoon = await resend(email, handle, ip);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait (60|59) seconds before requesting a new code$/);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThanOrEqual(59);

    // Registering again within the minute is held to the same cooldown: one code mail a minute.
    const reRegister = await post(t, '/register', registration(email), { ip });
    expect(reRegister.statusCode).toBe(429);

    t.clock.advance(61_000);
    const resent = await resend(email, handle, ip);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ success: true, message: 'New verification code sent' });
    const second = await nextCode(t, email);

    if (first !== second) {
      const old = await verify(email, first, handle, ip);
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({ message: 'Invalid or expired OTP' });
    }
    const ok = await verify(email, second, handle, ip);
    expect(ok.statusCode).toBe(201);
    secretsUsed.add(ok.json().token);
  });

  it('completes a registration only from the client holding its handle', async () => {
    const email = uniqueEmail('handle');
    const ip = uniqueIp();
    const handle = await start(email, ip);
    const otp = await nextCode(t, email);
    for (const other of ['', 'guessed-handle', handle.slice(1)]) {
      const res = await verify(email, otp, other, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
      expect((await resend(email, other, ip)).statusCode).toBe(404);
    }
    // ... nor for another address.
    expect((await verify(uniqueEmail('other'), otp, handle, ip)).statusCode).toBe(400);
    const ok = await verify(email, otp, handle, ip);
    expect(ok.statusCode).toBe(201);
    secretsUsed.add(ok.json().token);
  });

  it("never lets a second registration of a pending address change the first one's passwords", async () => {
    const email = uniqueEmail('takeover');
    const owner = await start(email, uniqueIp(), { firstName: 'Owner' });
    const ownerCode = await nextCode(t, email);
    // A stranger registers the same address a minute later, with passwords of their own.
    t.clock.advance(61_000);
    const strangerPasswords = { password: 'Stranger7!Pass', masterPassword: 'Stranger8!Master' };
    const stranger = await start(email, uniqueIp(), { firstName: 'Stranger', ...strangerPasswords });
    const strangerCode = await nextCode(t, email);
    expect(stranger).not.toBe(owner);

    // The owner types the newest code from the mailbox into their own browser: it is not theirs.
    if (strangerCode !== ownerCode) {
      expect((await verify(email, strangerCode, owner, uniqueIp())).statusCode).toBe(400);
    }
    // Their own code still works (the second registration invalidated nothing) and creates their account.
    const ok = await verify(email, ownerCode, owner, uniqueIp());
    expect(ok.statusCode).toBe(201);
    secretsUsed.add(ok.json().token);
    expect(ok.json().user.firstName).toBe('Owner');
    expect((await post(t, '/login', { email, password: PASSWORD }, { ip: uniqueIp() })).statusCode).toBe(200);
    expect(
      (await post(t, '/login', { email, password: strangerPasswords.password }, { ip: uniqueIp() }))
        .statusCode,
    ).toBe(401);
    // The stranger's registration is gone with the account's creation.
    expect((await verify(email, strangerCode, stranger, uniqueIp())).statusCode).toBe(409);
    expect(
      await t.db.selectFrom('pending_registrations').select('id').where('email', '=', email).execute(),
    ).toEqual([]);
  });

  it('lets the owner register an address a stranger registered first', async () => {
    const email = uniqueEmail('squatted');
    await start(email, uniqueIp(), { firstName: 'Stranger', password: 'Stranger7!Pass' });
    await nextCode(t, email);
    t.clock.advance(61_000);
    const owner = await start(email, uniqueIp(), { firstName: 'Owner' });
    const ownerCode = await nextCode(t, email);
    const ok = await verify(email, ownerCode, owner, uniqueIp());
    expect(ok.statusCode).toBe(201);
    secretsUsed.add(ok.json().token);
    expect(ok.json().user.firstName).toBe('Owner');
  });

  it('refuses an expired code (after 10 minutes)', async () => {
    const email = uniqueEmail('expired');
    const ip = uniqueIp();
    const handle = await start(email, ip);
    const otp = await nextCode(t, email);
    t.clock.advance(11 * MINUTE);
    const res = await verify(email, otp, handle, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBe(
      undefined,
    );
  });

  it('refuses a code used once already: the account exists now', async () => {
    const email = uniqueEmail('reused');
    const ip = uniqueIp();
    const handle = await start(email, ip);
    const otp = await nextCode(t, email);
    const first = await verify(email, otp, handle, ip);
    expect(first.statusCode).toBe(201);
    secretsUsed.add(first.json().token);
    const second = await verify(email, otp, handle, ip);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'User with this email already exists' });
  });

  it('lets a right code through after wrong ones, but the fifth wrong try kills the code', async () => {
    const email = uniqueEmail('wrong');
    const ip = uniqueIp();
    const handle = await start(email, ip);
    const otp = await nextCode(t, email);
    const wrong = otp === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(email, wrong, handle, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
    }
    const right = await verify(email, otp, handle, ip);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: 'Invalid or expired OTP' });

    // Four wrong tries leave the code usable.
    const other = uniqueEmail('wrong4');
    const otherHandle = await start(other, ip);
    const otherOtp = await nextCode(t, other);
    const otherWrong = otherOtp === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i += 1) {
      expect((await verify(other, otherWrong, otherHandle, ip)).statusCode).toBe(400);
    }
    const ok = await verify(other, otherOtp, otherHandle, ip);
    expect(ok.statusCode).toBe(201);
    secretsUsed.add(ok.json().token);
  });

  it('refuses malformed codes without a schema message', async () => {
    const email = uniqueEmail('malformed');
    const ip = uniqueIp();
    const handle = await start(email, ip);
    await nextCode(t, email);
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify(email, otp, handle, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
    }
  });

  it('leaves nothing behind and answers 502 when the code mail cannot be sent', async () => {
    const email = uniqueEmail('mailfail');
    const ip = uniqueIp();
    t.smtp.failNext();
    const res = await post(t, '/register', registration(email), { ip });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'We could not send the e-mail. Please try again later.',
    });
    expect(
      await t.db
        .selectFrom('pending_registrations')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst(),
    ).toBe(undefined);
    expect(
      await t.db.selectFrom('one_time_codes').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBe(undefined);
    // No cooldown after a failed send: trying again right away works.
    await start(email, ip);
    await nextCode(t, email);
  });

  it('keeps the previous code valid when a resend cannot be mailed', async () => {
    const email = uniqueEmail('resendfail');
    const ip = uniqueIp();
    const handle = await start(email, ip);
    const otp = await nextCode(t, email);
    t.clock.advance(61_000);
    t.smtp.failNext();
    const res = await resend(email, handle, ip);
    expect(res.statusCode).toBe(502);
    const ok = await verify(email, otp, handle, ip);
    expect(ok.statusCode).toBe(201);
    secretsUsed.add(ok.json().token);
  });

  it.each([
    [{ firstName: ' A ' }, 'First name must be at least 2 characters'],
    [{ lastName: 'B' }, 'Last name must be at least 2 characters'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: 'Ann <ann@example.com>' }, 'Invalid email address'],
    [{ email: 'ann@example.com,eve@example.com' }, 'Invalid email address'],
    [{ email: 'ann lee@example.com' }, 'Invalid email address'],
    [{ email: 'ann@localhost' }, 'Invalid email address'],
    [{ masterPassword: PASSWORD }, 'The account password and the master password must be different'],
    [{ password: 'short' }, mustContainMessage('Password', 'short')],
    [{ password: 'alllowercase1!' }, 'Password must contain: uppercase letter'],
    [{ masterPassword: 'NoDigitsHere!' }, 'Master password must contain: number'],
  ])('refuses %j with 400 "%s"', async (override, message) => {
    const res = await post(t, '/register', registration(uniqueEmail('invalid'), override), {
      ip: uniqueIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('names the missing password rules when the field is absent', async () => {
    const { masterPassword: _omitted, ...rest } = registration(uniqueEmail('absent'));
    const res = await post(t, '/register', rest, { ip: uniqueIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Master password must contain: 8+ characters, uppercase letter, lowercase letter, number, special character',
    );
  });

  it('never writes a password, a code or a token to the log', () => {
    assertNoSecretsLogged(t);
  });
});
