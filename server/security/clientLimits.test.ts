// The per-client limit of signed-in secret checks: wrong master passwords, account passwords and codes
// from one address, spread over several accounts and routes, end in 429; right ones never count.
import type { LightMyRequestResponse } from 'fastify';
import { createUser, type TestUser } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/testApp';
import { listRoutes } from '../http/routes';
import { checksSecret } from './clientLimits';
import { LIMITS } from './limits';

// Every check is an Argon2id run.
jest.setTimeout(120_000);

describe('per-client limit of signed-in secret checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  function call(
    user: TestUser,
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
    ip: string,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({ method, url, headers: user.auth, payload, remoteAddress: ip });
  }

  /** Six wrong guesses on four routes; under each account's own limits (2 master, 4 password). */
  const wrongGuesses = (user: TestUser, ip: string) => [
    () => call(user, 'POST', '/api/auth/verify-master', { masterPassword: 'Wrong-master-1' }, ip),
    () => call(user, 'POST', '/api/utility/export', { masterPassword: 'Wrong-master-3', format: 'json' }, ip),
    () => call(user, 'POST', '/api/auth/enable-2fa', { password: 'Wrong-password-1' }, ip),
    () => call(user, 'POST', '/api/auth/enable-2fa', { password: 'Wrong-password-2' }, ip),
    () =>
      call(
        user,
        'PUT',
        '/api/user/password',
        { currentPassword: 'Wrong-3', newPassword: 'Harbor7!Lights' },
        ip,
      ),
    () =>
      call(
        user,
        'PUT',
        '/api/user/password',
        { currentPassword: 'Wrong-4', newPassword: 'Harbor7!Lights' },
        ip,
      ),
  ];

  it('covers every route whose body carries a secret to check (found from the schemas, so none is forgotten)', () => {
    const covered = listRoutes(t.app)
      .filter((route) => checksSecret((route.schema as { body?: unknown } | undefined)?.body))
      .map((route) => `${route.method} ${route.url}`);
    expect(covered.sort()).toEqual(
      [
        // Public: limited per client by the auth service itself (the hook only counts signed-in checks).
        'POST /api/auth/register',
        'POST /api/auth/verify-registration-otp',
        'POST /api/auth/login',
        'POST /api/auth/verify-otp',
        'POST /api/auth/reset-password',
        // Signed in: limited per client here.
        'POST /api/auth/verify-master',
        'POST /api/auth/master-password/unlock',
        'POST /api/passwords',
        'PUT /api/passwords/:id',
        'DELETE /api/passwords/:id',
        'POST /api/passwords/:id/view',
        'POST /api/passwords/:id/history',
        'DELETE /api/passwords/:id/purge',
        'DELETE /api/passwords/trash',
        'POST /api/auth/vault-unlock',
        'POST /api/utility/export',
        'POST /api/utility/import',
        'POST /api/auth/enable-2fa',
        'POST /api/auth/verify-2fa-setup',
        'POST /api/auth/disable-2fa',
        'PUT /api/user/password',
        'PUT /api/user/master-password',
        'POST /api/user/account/check',
        'DELETE /api/user/account',
      ].sort(),
    );
  });

  it('answers 429 with Retry-After once one address made too many wrong guesses, over any accounts and routes', async () => {
    const ip = '203.0.113.7';
    const { limit } = LIMITS.secretChecksPerAddress;
    const users = await Promise.all(Array.from({ length: Math.ceil(limit / 6) }, () => createUser(t)));
    const guesses = users.flatMap((user) => wrongGuesses(user, ip)).slice(0, limit);
    for (const guess of guesses) {
      const res = await guess();
      expect([400, 401]).toContain(res.statusCode);
    }

    // Now even a right master password of a fresh account is refused from this address...
    const fresh = await createUser(t);
    const limited = await call(
      fresh,
      'POST',
      '/api/auth/verify-master',
      { masterPassword: fresh.masterPassword },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.json()).toEqual({
      message: 'Too many failed attempts from this address. Please try again in 15 minutes.',
      retryAfterSeconds: retryAfter,
    });
    // ...it does not sign the client out (no "Token", no master-password wording), and is not a guess:
    expect(limited.json().message).not.toMatch(/Token|master password/i);
    const failures = await t.db
      .selectFrom('master_password_failures')
      .select('id')
      .where('user_id', '=', fresh.userId)
      .execute();
    expect(failures).toEqual([]);

    // Another address is not affected; signed-in routes without a secret are not either.
    const other = await call(
      fresh,
      'POST',
      '/api/auth/verify-master',
      { masterPassword: fresh.masterPassword },
      '203.0.113.8',
    );
    expect(other.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/passwords',
      headers: fresh.auth,
      remoteAddress: ip,
    });
    expect(list.statusCode).toBe(200);

    // The window ends.
    t.clock.advance(LIMITS.secretChecksPerAddress.windowMs + 1000);
    const later = await call(
      fresh,
      'POST',
      '/api/auth/verify-master',
      { masterPassword: fresh.masterPassword },
      ip,
    );
    expect(later.statusCode).toBe(200);
  });

  it('never counts a right secret: a busy user is not slowed down', async () => {
    const ip = '203.0.113.20';
    const user = await createUser(t);
    for (let i = 0; i < LIMITS.secretChecksPerAddress.limit + 5; i += 1) {
      const res = await call(
        user,
        'POST',
        '/api/auth/verify-master',
        { masterPassword: user.masterPassword },
        ip,
      );
      expect(res.statusCode).toBe(200);
    }
  });

  it('counts parallel wrong guesses before they run, so a burst cannot pass the limit', async () => {
    const ip = '203.0.113.30';
    const { limit } = LIMITS.secretChecksPerAddress;
    const users = await Promise.all(Array.from({ length: Math.ceil((limit + 10) / 2) }, () => createUser(t)));
    // Two wrong account passwords per user (under each account's limit of 5), all at once.
    const burst = users.flatMap((user) => [
      call(user, 'POST', '/api/auth/enable-2fa', { password: 'Wrong-password-1' }, ip),
      call(user, 'POST', '/api/auth/disable-2fa', { password: 'Wrong-password-2' }, ip),
    ]);
    const statuses = (await Promise.all(burst)).map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - limit);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 400)).toBe(true);
  });
});
