// A full journey with the server log captured: registration with the mailed code, sign-in (with a wrong
// password first), an entry created, revealed, changed, exported and imported, two-factor turned on and
// used, both passwords changed, a reset by code, a recovery-code sign-in, a logout. None of the passwords,
// master passwords, codes, secrets or tokens it used may appear anywhere in the log.
import type { LightMyRequestResponse } from 'fastify';
import { totp } from '../modules/twoFactor/totp';
import { secretsFoundIn } from '../test/secretsInText';
import { codeFrom } from '../test/smtpServer';
import { startTestApp, type TestApp } from '../test/testApp';

jest.setTimeout(120_000);

const STEP_MS = 30_000;

describe('a full journey leaves no secret in the log', () => {
  let t: TestApp;
  const secrets = new Set<string>();
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Remembers a secret (to look for it in the log) and returns it. */
  const secret = <T extends string>(value: T): T => {
    secrets.add(value);
    return value;
  };
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  }
  async function expectStatus(res: Promise<LightMyRequestResponse>, status: number) {
    const answer = await res;
    // The body is in the failure message when the status is not the expected one.
    expect(`${answer.statusCode} ${answer.body}`).toMatch(new RegExp(`^${status} `));
    return answer.json();
  }
  async function mailedCode(email: string): Promise<string> {
    return secret(codeFrom(await t.smtp.nextCodeMailTo(email)));
  }
  /** A TOTP code of the next 30-second step (each step is accepted once). */
  function nextTotp(totpSecret: string): string {
    const now = t.clock.now().getTime();
    t.clock.advance(STEP_MS - (now % STEP_MS) + 1000);
    return secret(totp(totpSecret, t.clock.now()));
  }

  it('registers, signs in, uses the vault and the account, and logs none of it', async () => {
    const email = 'journey@example.com';
    const password = secret('Copper8&Falcon');
    const master = secret('Maple3@Glacier');
    const wrongPassword = secret('Wrong#Guess-333');
    const wrongMaster = secret('Wrong#Master-444');

    const started = await expectStatus(
      call('POST', '/api/auth/register', {
        firstName: 'Jo',
        lastName: 'Urney',
        email,
        password,
        masterPassword: master,
      }),
      201,
    );
    const registered = await expectStatus(
      call('POST', '/api/auth/verify-registration-otp', {
        email,
        otp: await mailedCode(email),
        registrationId: secret(started.registrationId),
      }),
      201,
    );
    secret(registered.token);

    await expectStatus(call('POST', '/api/auth/login', { email, password: wrongPassword }), 401);
    let token = secret(
      (await expectStatus(call('POST', '/api/auth/login', { email, password }), 200)).data.token,
    );

    // The vault: create, reveal, change, export, import.
    const entryPassword = secret('Entry#Secret-555');
    const notes = secret('PIN of the safe: 90817263');
    const created = await expectStatus(
      call(
        'POST',
        '/api/passwords',
        { title: 'Bank', password: entryPassword, notes, masterPassword: master },
        token,
      ),
      201,
    );
    const id = created.data.password._id as string;
    const revealed = await expectStatus(
      call('POST', `/api/passwords/${id}/view`, { masterPassword: master }, token),
      200,
    );
    expect(revealed.data.password).toMatchObject({ password: entryPassword, notes });
    // What someone searches their vault for is theirs: the query never reaches the log.
    const searched = secret('clinic-appointments-2026');
    await expectStatus(call('GET', `/api/passwords?search=${searched}&category=all`, undefined, token), 200);
    await expectStatus(call('POST', '/api/auth/verify-master', { masterPassword: wrongMaster }, token), 401);
    const changedEntry = secret('Entry#Changed-666');
    await expectStatus(
      call('PUT', `/api/passwords/${id}`, { password: changedEntry, masterPassword: master }, token),
      200,
    );
    const exported = await expectStatus(
      call('POST', '/api/utility/export', { masterPassword: master, format: 'json' }, token),
      200,
    );
    expect(exported.data).toContain(changedEntry);
    const imported = secret('Imported#Secret-777');
    const csv = `name,url,username,password\nShop,https://shop.example,jo,${imported}\n`;
    await expectStatus(
      call('POST', '/api/utility/import', { masterPassword: master, data: csv, format: 'csv' }, token),
      200,
    );

    // Two-factor on, then a sign-in with a TOTP code.
    const setup = await expectStatus(call('POST', '/api/auth/enable-2fa', { password }, token), 200);
    const totpSecret = secret(setup.secret as string);
    const enabled = await expectStatus(
      call('POST', '/api/auth/verify-2fa-setup', { otp: nextTotp(totpSecret) }, token),
      200,
    );
    const recoveryCodes = (enabled.recoveryCodes as string[]).map(secret);
    const withTotp = await expectStatus(
      call('POST', '/api/auth/login', { email, password, twoFactorCode: nextTotp(totpSecret) }),
      200,
    );
    token = secret(withTotp.data.token);

    // Both passwords changed.
    const newPassword = secret('Silver6!Heron');
    const newMaster = secret('Cedar2*Tundra');
    await expectStatus(
      call('PUT', '/api/user/password', { currentPassword: password, newPassword }, token),
      200,
    );
    await expectStatus(
      call(
        'PUT',
        '/api/user/master-password',
        { currentMasterPassword: master, newMasterPassword: newMaster },
        token,
      ),
      200,
    );

    // A reset by mailed code, then a sign-in with a recovery code, then a logout.
    await expectStatus(call('POST', '/api/auth/forgot-password', { email }), 200);
    const resetCode = await mailedCode(email);
    await expectStatus(call('POST', '/api/auth/verify-otp', { email, otp: resetCode }), 200);
    const resetPassword = secret('Amber9%Willow');
    await expectStatus(
      call('POST', '/api/auth/reset-password', { email, otp: resetCode, password: resetPassword }),
      200,
    );
    const withRecovery = await expectStatus(
      call('POST', '/api/auth/login', { email, password: resetPassword, twoFactorCode: recoveryCodes[0] }),
      200,
    );
    token = secret(withRecovery.data.token);
    await expectStatus(call('POST', '/api/auth/logout', {}, token), 200);
    await expectStatus(call('GET', '/api/auth/me', undefined, token), 401);

    // The log is real (requests were logged) and holds none of the secrets.
    await new Promise((resolve) => setImmediate(resolve));
    const log = t.logLines.join('\n');
    expect(t.logLines.length).toBeGreaterThan(20);
    expect(log).toContain('/api/passwords');
    expect(secretsFoundIn(log, secrets)).toEqual([]);
    expect(secrets.size).toBeGreaterThan(20);
  });
});
