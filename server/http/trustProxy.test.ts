// With TRUST_PROXY the client address comes from X-Forwarded-For, as the proxy in front wrote it: a client
// cannot pick a new address per request (and so slip past the per-client limits) by sending the header.
import { LIMITS } from '../security/limits';
import { startTestApp, type TestApp } from '../test/testApp';

// An invalid registration is cheap and still counts against the client.
const register = (t: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: '', lastName: 'X', email: 'x@example.com', password: 'x', masterPassword: 'y' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY=true: one proxy in front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('is the address the proxy appended, whatever the client wrote before it', async () => {
    for (let i = 0; i < LIMITS.requestsPerAddress.limit; i += 1) {
      // The client forges a new left-most address each time; the proxy appends the real one.
      expect((await register(t, `198.51.100.${i}, 203.0.113.5`)).statusCode).toBe(400);
    }
    const limited = await register(t, '198.51.100.250, 203.0.113.5');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another real client behind the same proxy is not affected.
    expect((await register(t, '198.51.100.1, 203.0.113.6')).statusCode).toBe(400);
    expect((await register(t, '203.0.113.7')).statusCode).toBe(400);
  });
});

describe("TRUST_PROXY as a list of the proxies' addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } });
  });
  afterAll(() => t.close());

  it('takes the client address from X-Forwarded-For only when a listed proxy sends it', async () => {
    // Through the listed proxy: limited by the appended address, whatever the client forged.
    for (let i = 0; i < LIMITS.requestsPerAddress.limit; i += 1) {
      expect((await register(t, `198.51.100.${i}, 203.0.113.9`)).statusCode).toBe(400);
    }
    expect((await register(t, '198.51.100.250, 203.0.113.9')).statusCode).toBe(429);
    // A peer outside the list cannot pick an address with the header: the limit follows the peer.
    for (let i = 0; i < LIMITS.requestsPerAddress.limit; i += 1) {
      expect((await register(t, `198.51.100.${i}`, '192.0.2.50')).statusCode).toBe(400);
    }
    expect((await register(t, '198.51.100.251', '192.0.2.50')).statusCode).toBe(429);
    // Behind a second listed hop (10.x), the client is still the right-most address not in the list.
    expect((await register(t, '203.0.113.9, 10.1.2.3')).statusCode).toBe(429);
  });

  it('honours X-Forwarded-Prefix from a listed proxy only', async () => {
    const { publicBasePath } = await import('../app');
    expect(publicBasePath(t.ctx.config, '/vault', '127.0.0.1')).toBe('/vault/');
    expect(publicBasePath(t.ctx.config, '/vault', '::ffff:10.9.9.9')).toBe('/vault/');
    expect(publicBasePath(t.ctx.config, '/vault', '192.0.2.50')).toBe('/');
  });
});
