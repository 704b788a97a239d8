import { createUser, type TestUser } from '../../test/fixtures';
import type { ReceivedMail } from '../../test/smtpServer';
import { startTestApp, type TestApp } from '../../test/testApp';
import { totp } from '../twoFactor/totp';
import { sendSecurityAlert, settleSecurityAlerts } from './securityAlerts';

const NEW_PASSWORD = 'Fresh7&Harbour';
const NEW_MASTER = 'Other9!Lantern';

describe('security alerts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  function call(user: TestUser, method: 'PUT' | 'POST', url: string, payload: object) {
    return t.app.inject({ method, url, headers: user.auth, payload });
  }
  /** Every mail the SMTP server got for `user` once all alerts in flight are sent. */
  async function mailsTo(user: TestUser): Promise<ReceivedMail[]> {
    await settleSecurityAlerts(t.ctx);
    return t.smtp.mails.filter((mail) => mail.to.includes(user.email));
  }

  it('mails a password change, a master password change and both two-factor changes', async () => {
    const ann = await createUser(t, { firstName: 'Ann' });

    const changed = await call(ann, 'PUT', '/api/user/password', {
      currentPassword: ann.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const passwordMail = await t.smtp.nextMailTo(ann.email);
    expect(passwordMail.subject).toBe('PassVault security alert: Your password was changed');
    expect(passwordMail.text).toContain('Hello Ann,');
    expect(passwordMail.text).toMatch(
      /The password of your PassVault account was changed on \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    expect(passwordMail.text).not.toContain(NEW_PASSWORD);

    const master = await call(ann, 'PUT', '/api/user/master-password', {
      currentMasterPassword: ann.masterPassword,
      newMasterPassword: NEW_MASTER,
    });
    expect(master.statusCode).toBe(200);
    const masterMail = await t.smtp.nextMailTo(ann.email);
    expect(masterMail.subject).toBe('PassVault security alert: Your master password was changed');
    expect(masterMail.text).not.toContain(NEW_MASTER);

    const setup = await call(ann, 'POST', '/api/auth/enable-2fa', { password: NEW_PASSWORD });
    const { secret } = setup.json();
    const on = await call(ann, 'POST', '/api/auth/verify-2fa-setup', { otp: totp(secret, t.clock.now()) });
    expect(on.statusCode).toBe(200);
    const onMail = await t.smtp.nextMailTo(ann.email);
    expect(onMail.subject).toBe('PassVault security alert: Two-factor authentication turned on');
    expect(onMail.text).not.toContain(secret);
    for (const code of on.json().recoveryCodes) expect(onMail.text).not.toContain(code);

    t.clock.advance(30_000); // the setup's code step was used: the next step's code turns it off
    const off = await call(ann, 'POST', '/api/auth/disable-2fa', {
      password: NEW_PASSWORD,
      code: totp(secret, t.clock.now()),
    });
    expect(off.statusCode).toBe(200);
    const offMail = await t.smtp.nextMailTo(ann.email);
    expect(offMail.subject).toBe('PassVault security alert: Two-factor authentication turned off');

    expect(await mailsTo(ann)).toHaveLength(4);
  });

  it('mails nothing while Security Alerts is off', async () => {
    const bob = await createUser(t);
    const off = await call(bob, 'PUT', '/api/user/settings', { securityAlerts: false });
    expect(off.json().settings.securityAlerts).toBe(false);
    const changed = await call(bob, 'PUT', '/api/user/password', {
      currentPassword: bob.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(await mailsTo(bob)).toEqual([]);

    await call(bob, 'PUT', '/api/user/settings', { securityAlerts: true });
    await call(bob, 'PUT', '/api/user/password', {
      currentPassword: NEW_PASSWORD,
      newPassword: bob.password,
    });
    expect((await t.smtp.nextMailTo(bob.email)).subject).toMatch(/Your password was changed/);
  });

  it('logs a failed send and still answers the change', async () => {
    const cy = await createUser(t);
    t.smtp.failNext();
    const changed = await call(cy, 'PUT', '/api/user/password', {
      currentPassword: cy.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true, message: 'Password updated successfully' });
    expect(await mailsTo(cy)).toEqual([]);
    const failure = t.logLines.find((line) => line.includes('security alert could not be sent'));
    expect(failure).toBeDefined();
    expect(JSON.parse(failure as string)).toMatchObject({ alert: 'password-changed', level: 50 });
    const log = t.logLines.join('\n');
    expect(log).not.toContain(NEW_PASSWORD);
    expect(log).not.toContain(cy.password);
  });

  it('mails when wrong master passwords end a session', async () => {
    const dee = await createUser(t);
    const wrong = { currentMasterPassword: 'Wrong-Master-1', newMasterPassword: NEW_MASTER };
    let last = await call(dee, 'PUT', '/api/user/master-password', wrong);
    for (let i = 1; i < 3; i += 1) last = await call(dee, 'PUT', '/api/user/master-password', wrong);
    expect(last.statusCode).toBe(401);
    expect(last.json().reason).toBe('master-password-session-ended');
    const mail = await t.smtp.nextMailTo(dee.email);
    expect(mail.subject).toBe('PassVault security alert: A session ended after wrong master passwords');
  });

  it('offers the same helper to the sign-in, with the client address', async () => {
    const eve = await createUser(t, { firstName: 'Eve' });
    await sendSecurityAlert(t.ctx, eve.userId, 'sign-in', { ip: '203.0.113.7' });
    const mail = await t.smtp.nextMailTo(eve.email);
    expect(mail.subject).toBe('PassVault security alert: New sign-in to your account');
    expect(mail.text).toContain('Hello Eve,');
    expect(mail.text).toContain('from 203.0.113.7.');
    // An unknown user is no error.
    await expect(sendSecurityAlert(t.ctx, 'no-such-user', 'sign-in')).resolves.toBeUndefined();
  });
});
