import { startTestApp, type TestApp } from '../../test/testApp';
import { login, PASSWORD, post, registerUser, registration, uniqueEmail, uniqueIp } from './auth.testHelpers';
import { AUTH_LIMITS } from './auth.service';

describe('brute-force limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once a client sends too many requests to a route', async () => {
    const ip = uniqueIp();
    // Invalid registrations are cheap and still count.
    const bad = registration(uniqueEmail('flood'), { firstName: 'x' });
    for (let i = 0; i < AUTH_LIMITS.perIp.limit; i += 1) {
      expect((await post(t, '/register', bad, { ip })).statusCode).toBe(400);
    }
    const limited = await post(t, '/register', bad, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json().message).toContain(`in ${retryAfter} second`);

    // Another client, and another route of the same client, are not affected.
    expect((await post(t, '/register', bad, { ip: uniqueIp() })).statusCode).toBe(400);
    expect((await post(t, '/forgot-password', { email: uniqueEmail('other') }, { ip })).statusCode).toBe(200);

    t.clock.advance(61_000);
    expect((await post(t, '/register', bad, { ip })).statusCode).toBe(400);
  });

  it('locks an account after 10 failed sign-ins in a row, from any client, for 15 minutes', async () => {
    const { email } = await registerUser(t);
    for (let i = 0; i < AUTH_LIMITS.loginPerAccount.limit; i += 1) {
      expect((await login(t, email, 'Wrong1!password', uniqueIp())).statusCode).toBe(401);
    }
    const locked = await login(t, email, PASSWORD, uniqueIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(t, email, PASSWORD, uniqueIp())).statusCode).toBe(200);
  });

  it('forgets the failures of an account after a successful sign-in', async () => {
    const { email } = await registerUser(t);
    for (let i = 0; i < AUTH_LIMITS.loginPerAccount.limit - 1; i += 1) {
      expect((await login(t, email, 'Wrong1!password')).statusCode).toBe(401);
    }
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
    expect((await login(t, email, 'Wrong1!password')).statusCode).toBe(401);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
  });

  it('limits code checks per account, whatever the client', async () => {
    const email = uniqueEmail('codes');
    expect((await post(t, '/register', registration(email), { ip: uniqueIp() })).statusCode).toBe(201);
    await t.smtp.nextCodeMailTo(email);
    for (let i = 0; i < AUTH_LIMITS.codeChecksPerAccount.limit; i += 1) {
      const res = await post(t, '/verify-registration-otp', { email, otp: '000000' }, { ip: uniqueIp() });
      expect(res.statusCode).toBe(400);
    }
    const limited = await post(t, '/verify-registration-otp', { email, otp: '000000' }, { ip: uniqueIp() });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
