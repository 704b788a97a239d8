import { LIMITS } from '../../security/limits';
import { startTestApp, type TestApp } from '../../test/testApp';
import {
  login,
  PASSWORD,
  post,
  registerUser,
  registration,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts';

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
    for (let i = 0; i < LIMITS.requestsPerAddress.limit; i += 1) {
      expect((await post(t, '/register', bad, { ip })).statusCode).toBe(400);
    }
    const limited = await post(t, '/register', bad, { ip });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json().message).toBe(
      `Too many attempts. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    );
    expect(limited.json().retryAfterSeconds).toBe(retryAfter);

    // Another client, and another route of the same client, are not affected.
    expect((await post(t, '/register', bad, { ip: uniqueIp() })).statusCode).toBe(400);
    expect((await post(t, '/forgot-password', { email: uniqueEmail('other') }, { ip })).statusCode).toBe(200);

    t.clock.advance(61_000);
    expect((await post(t, '/register', bad, { ip })).statusCode).toBe(400);
  });

  it("slows a stranger's address after 10 failed sign-ins while the owner's own address still signs in", async () => {
    const { email } = await registerUser(t);
    const stranger = uniqueIp();
    for (let i = 0; i < LIMITS.loginFailures.limit; i += 1) {
      expect((await login(t, email, 'Wrong1!password', stranger)).statusCode).toBe(401);
    }
    const slowed = await login(t, email, PASSWORD, stranger);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner, from home, is not locked out.
    expect((await login(t, email, PASSWORD, uniqueIp())).statusCode).toBe(200);

    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(t, email, PASSWORD, stranger)).statusCode).toBe(200);
  });

  it('forgets the failures of an address after it signs in', async () => {
    const { email } = await registerUser(t);
    const ip = uniqueIp();
    for (let i = 0; i < LIMITS.loginFailures.limit - 1; i += 1) {
      expect((await login(t, email, 'Wrong1!password', ip)).statusCode).toBe(401);
    }
    expect((await login(t, email, PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(t, email, 'Wrong1!password', ip)).statusCode).toBe(401);
    expect((await login(t, email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('limits code checks per registration in 15 minutes and per day, whatever the client, then alerts', async () => {
    const email = uniqueEmail('codes');
    const started = await post(t, '/register', registration(email), { ip: uniqueIp() });
    expect(started.statusCode).toBe(201);
    const { registrationId } = started.json();
    await t.smtp.nextCodeMailTo(email);
    const guess = () =>
      post(t, '/verify-registration-otp', { email, otp: '000000', registrationId }, { ip: uniqueIp() });
    for (let i = 0; i < LIMITS.codeChecks.limit; i += 1) expect((await guess()).statusCode).toBe(400);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    // Every 15 minutes ten more, up to the day's cap: then an alert to the address, once.
    const batches = LIMITS.codeChecksDaily.limit / LIMITS.codeChecks.limit - 1;
    for (let batch = 0; batch < batches; batch += 1) {
      t.clock.advance(15 * 60_000 + 1000);
      for (let i = 0; i < LIMITS.codeChecks.limit; i += 1) expect((await guess()).statusCode).toBe(400);
    }
    t.clock.advance(15 * 60_000 + 1000);
    const capped = await guess();
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3600);
    const alert = await t.smtp.nextMailTo(email);
    expect(alert.subject).toBe('PassVault security alert: many wrong registration codes');
    expect((await guess()).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.smtp.mails.filter((mail) => mail.to.includes(email) && /alert/.test(mail.subject))).toHaveLength(
      1,
    );
  });
});
