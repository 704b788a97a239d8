// With TRUST_PROXY the client address comes from X-Forwarded-For, as the proxy in front wrote it: a client
// cannot pick a new address per request (and so slip past the per-client limits) by sending the header.
import { AUTH_LIMITS } from '../modules/auth/auth.service';
import { startTestApp, type TestApp } from '../test/testApp';

describe('client address behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  // An invalid registration is cheap and still counts against the client.
  const register = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: '', lastName: 'X', email: 'x@example.com', password: 'x', masterPassword: 'y' },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('is the address the proxy appended, whatever the client wrote before it', async () => {
    for (let i = 0; i < AUTH_LIMITS.perIp.limit; i += 1) {
      // The client forges a new left-most address each time; the proxy appends the real one.
      expect((await register(`198.51.100.${i}, 203.0.113.5`)).statusCode).toBe(400);
    }
    const limited = await register('198.51.100.250, 203.0.113.5');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another real client behind the same proxy is not affected.
    expect((await register('198.51.100.1, 203.0.113.6')).statusCode).toBe(400);
    expect((await register('203.0.113.7')).statusCode).toBe(400);
  });
});
