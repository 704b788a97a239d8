// The administrator's command against the real app, database and mail: sign-up control with
// invitations, and users / disable / enable / revoke-sessions / reset-2fa / delete / invite, including a
// second process (the real `npm run admin`) whose disable a running server sees at once.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { codeFrom } from '../test/smtpServer';
import { createUser, type TestUser } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/testApp';
import { SIGNUP_MESSAGES } from '../modules/auth/signupPolicy';
import { OperatorError, runCommand } from './commands';

jest.setTimeout(120_000);

const run = promisify(execFile);
const DAY_MS = 24 * 60 * 60 * 1000;
let sequence = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${(sequence += 1)}@example.test`;

describe('npm run admin', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { SIGNUPS: 'invite', PUBLIC_URL: 'https://vault.example.test/team/' } });
  });
  afterAll(() => t.close());

  const admin = (...argv: string[]) => runCommand(t.ctx, argv);
  const me = (user: Pick<TestUser, 'auth'>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
  const login = (user: Pick<TestUser, 'email' | 'password'>, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password, ...extra },
    });
  const register = (email: string, invite?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.9.${(sequence += 1) % 250}.${sequence % 250}`,
      payload: {
        firstName: 'Ivy',
        lastName: 'Invited',
        email,
        password: 'Account@Pass1',
        masterPassword: 'Master!Vault9',
        ...(invite === undefined ? {} : { invite }),
      },
    });
  const tokenOf = (link: string) => new URL(link).searchParams.get('invite') ?? '';

  describe('sign-up control', () => {
    it('refuses a registration without an invitation when sign-up is by invitation', async () => {
      const res = await register(uniqueEmail('stranger'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.inviteOnly });
    });

    it('invites: prints and mails a link under PUBLIC_URL that registers that address once', async () => {
      const email = uniqueEmail('ivy');
      const out = await admin('invite', email);
      const link = out.lines[1];
      expect(link).toMatch(/^https:\/\/vault\.example\.test\/team\/register\?invite=[A-Za-z0-9_-]{43}$/);
      expect(out.lines[2]).toBe(`Mailed to ${email}.`);
      const mail = await t.smtp.nextMailTo(email);
      expect(mail.text).toContain(link);
      const token = tokenOf(link);
      const stored = await t.db.selectFrom('invitations').selectAll().where('email', '=', email).execute();
      expect(JSON.stringify(stored)).not.toContain(token);

      expect((await register(uniqueEmail('other'), token)).json()).toEqual({
        message: SIGNUP_MESSAGES.invitationOtherEmail,
      });
      const first = await register(email, token);
      expect(first.statusCode).toBe(201);
      const firstCode = codeFrom(await t.smtp.nextCodeMailTo(email));
      // A second registration with the same link (after the one-a-minute mail pause) is let in too...
      t.clock.advance(61_000);
      const second = await register(email, token);
      expect(second.statusCode).toBe(201);
      await t.smtp.nextCodeMailTo(email);
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-registration-otp',
        payload: { email, otp: firstCode, registrationId: first.json().registrationId },
      });
      expect(confirmed.statusCode).toBe(201);
      // ...but the first one confirmed uses the invitation up: it is gone for every other registration.
      const again = await register(email, token);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ message: SIGNUP_MESSAGES.invitationInvalid });
    });

    it('refuses an invitation after 7 days', async () => {
      const email = uniqueEmail('late');
      const token = tokenOf((await admin('invite', email)).lines[1]);
      t.clock.advance(8 * DAY_MS);
      const res = await register(email, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.invitationInvalid });
    });

    it('with sign-up closed an invitation still works; with domains only those register', async () => {
      const closed = await startTestApp({ env: { SIGNUPS: 'closed' } });
      const open = await startTestApp({ env: { SIGNUP_DOMAINS: 'example.org, Team.Example.test' } });
      try {
        const email = uniqueEmail('closed');
        const post = (app: TestApp, address: string, invite?: string) =>
          app.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: {
              firstName: 'Ivy',
              lastName: 'Invited',
              email: address,
              password: 'Account@Pass1',
              masterPassword: 'Master!Vault9',
              ...(invite ? { invite } : {}),
            },
          });
        expect((await post(closed, email)).json()).toEqual({ message: SIGNUP_MESSAGES.closed });
        const token = tokenOf((await runCommand(closed.ctx, ['invite', email])).lines[1]);
        expect((await post(closed, email, token)).statusCode).toBe(201);

        const refused = await post(open, 'someone@elsewhere.test');
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          message: SIGNUP_MESSAGES.domain(['example.org', 'team.example.test']),
        });
        expect((await post(open, `ok.${Date.now()}@team.example.test`)).statusCode).toBe(201);
      } finally {
        await closed.close();
        await open.close();
      }
    });
  });

  describe('accounts', () => {
    it('lists accounts with created, last sign-in, 2FA, disabled and entries (also as JSON)', async () => {
      const user = await createUser(t);
      await t.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: user.auth,
        payload: { title: 'One', password: 'Entry-1!', masterPassword: user.masterPassword },
      });
      const table = (await admin('users')).lines;
      expect(table[0]).toMatch(/^E-MAIL\s+CREATED\s+LAST SIGN-IN\s+2FA\s+DISABLED\s+ENTRIES$/);
      expect(table.find((line) => line.startsWith(user.email))).toMatch(/off\s+no\s+1$/);
      const json = JSON.parse((await admin('users', '--json')).lines[0]);
      expect(json.find((row: { email: string }) => row.email === user.email)).toMatchObject({
        twoFactor: false,
        disabled: false,
        entries: 1,
        lastSignIn: expect.any(String),
      });
    });

    it('disables (sessions end, sign-in refused) and enables, writing both to the access log', async () => {
      const user = await createUser(t);
      expect((await admin('disable', user.email)).lines[0]).toBe(
        `Disabled ${user.email}: its sessions have ended and it cannot sign in.`,
      );
      expect((await me(user)).statusCode).toBe(401);
      const refused = await login(user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'This account is disabled. Contact your administrator.' });
      await admin('enable', user.email);
      const back = await login(user);
      expect(back.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${back.json().data.token}` };
      const log = await t.app.inject({ method: 'GET', url: '/api/user/activity', headers: auth });
      const actions = log
        .json()
        .data.items.map((item: { action: string; actor: string }) => `${item.actor}:${item.action}`);
      expect(actions).toEqual(['user:sign-in', 'operator:admin-enable', 'operator:admin-disable']);
    });

    it('ends every session, resets two-factor with a mail, and deletes only with --yes', async () => {
      const user = await createUser(t);
      await admin('revoke-sessions', user.email);
      expect((await me(user)).statusCode).toBe(401);

      await t.db.updateTable('users').set({ two_factor_enabled: 1 }).where('id', '=', user.userId).execute();
      expect((await login(user)).json()).toMatchObject({ requiresTwoFactor: true });
      await admin('reset-2fa', user.email);
      const mail = await t.smtp.nextMailTo(user.email);
      expect(mail.subject).toBe('PassVault security alert: Two-factor authentication was reset');
      expect((await login(user)).statusCode).toBe(200);
      await expect(admin('reset-2fa', user.email)).rejects.toThrow(
        `${user.email} does not use two-factor authentication`,
      );

      await expect(admin('delete', user.email)).rejects.toThrow(/add --yes to confirm/);
      expect((await login(user)).statusCode).toBe(200);
      expect((await admin('delete', user.email, '--yes')).lines[0]).toBe(
        `Deleted ${user.email} and everything of it.`,
      );
      expect((await login(user)).statusCode).toBe(401);
    });

    it('says clearly what is wrong with an argument', async () => {
      await expect(admin('disable', 'nobody@example.test')).rejects.toThrow(
        new OperatorError('No account with the e-mail address nobody@example.test'),
      );
      await expect(admin('disable')).rejects.toThrow('Not an e-mail address: ""');
      await expect(admin('frobnicate')).rejects.toThrow(/^Unknown command "frobnicate"/);
      const user = await createUser(t);
      await expect(admin('invite', user.email)).rejects.toThrow(`${user.email} already has an account`);
    });
  });

  it('as its own process: a disable is seen at once by the running server; mistakes exit 1 with one line', async () => {
    const user = await createUser(t);
    const env = {
      ...process.env,
      DATA_DIR: path.dirname(t.sqliteFile ?? ''),
      SERVER_KEY: t.ctx.serverKey.toString('base64'),
      ...(t.ctx.config.databaseUrl ? { DATABASE_URL: t.ctx.config.databaseUrl } : {}),
    };
    const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
    const main = path.join(__dirname, 'main.ts');
    const { stdout } = await run(tsx, [main, 'disable', user.email], { env });
    expect(stdout.trim()).toBe(`Disabled ${user.email}: its sessions have ended and it cannot sign in.`);
    expect((await me(user)).statusCode).toBe(401);
    const failed = await run(tsx, [main, 'enable', 'ghost@example.test'], { env }).catch(
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({
      code: 1,
      stderr: 'No account with the e-mail address ghost@example.test\n',
    });
  });
});
