// Headers on every answer: API (success, error, 404), index.html, deep links, assets, missing files.
import type { LightMyRequestResponse } from 'fastify';
import { createUser } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/testApp';
import { ASSET, pageMeta, writeStaticApp, type StaticFixture } from '../test/staticFixture';

/** "script-src 'self'; ..." -> { 'script-src': ["'self'"], ... } */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

/**
 * The headers every answer carries. Only the page (`page: true`) may apply inline styles, by its nonce;
 * JSON and assets need none, so their policy allows no inline style at all.
 */
function expectHardened(res: LightMyRequestResponse, { page = false } = {}): void {
  const csp = directives(String(res.headers['content-security-policy']));
  for (const source of ['script-src', 'style-src']) {
    expect(csp[source]).toBeDefined();
    expect(csp[source]).not.toContain("'unsafe-inline'");
    expect(csp[source]).not.toContain("'unsafe-eval'");
  }
  if (page) {
    expect(csp['style-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{16,}'$/)]);
  } else {
    expect(csp['style-src']).toEqual(["'self'"]);
  }
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  // Plain HTTP (no proxy saying otherwise): no HSTS.
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

const nonceOf = (res: LightMyRequestResponse) =>
  /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];

describe('security headers', () => {
  let t: TestApp;
  let site: StaticFixture;
  beforeAll(async () => {
    site = writeStaticApp();
    t = await startTestApp({ env: { STATIC_DIR: site.dir } });
  });
  afterAll(async () => {
    await t.close();
    site.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('are on every API answer, with Cache-Control: no-store, whatever the status', async () => {
    const user = await createUser(t);
    const answers = [
      await get('/api/health'),
      await get('/api/openapi.json'),
      await get('/api/auth/me', user.auth),
      await get('/api/passwords', user.auth),
      await get('/api/user/settings', user.auth),
      await get('/api/auth/me'),
      await get('/api/nope'),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{bad',
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: 'x',
        headers: { 'content-type': 'text/plain' },
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 401, 404, 400, 415]);
    for (const res of answers) {
      expectHardened(res);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    }
  });

  it('are on index.html, whose nonce is the one of its CSP, new on every answer, and never cached', async () => {
    const pages = [
      await get('/'),
      await get('/'),
      await get('/index.html'),
      await get('/settings'),
      await get('/vault/deep/link?x=1'),
    ];
    const nonces = new Set<string>();
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
      expectHardened(page, { page: true });
      expect(page.headers['cache-control']).toBe('no-store');
      const { nonce } = pageMeta(page.body);
      expect(nonce).toBeDefined();
      expect(nonce).toBe(nonceOf(page));
      nonces.add(String(nonce));
    }
    expect(nonces.size).toBe(pages.length);
  });

  it('are on assets: hashed ones cached for a year, others revalidated, missing ones a JSON 404', async () => {
    const asset = await get(`/${ASSET}`);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expectHardened(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expectHardened(icon);
    expect(icon.headers['cache-control']).toBe('no-cache');

    const missing = await get('/assets/app-000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
    expectHardened(missing);
  });

  it('leaves HSTS out when a client only claims HTTPS without TRUST_PROXY', async () => {
    const res = await get('/api/health', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  let site: StaticFixture;
  beforeAll(async () => {
    site = writeStaticApp();
    t = await startTestApp({ env: { STATIC_DIR: site.dir, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    site.remove();
  });

  it('sends HSTS on every answer that came over HTTPS, and only then', async () => {
    for (const url of ['/api/health', '/', `/${ASSET}`, '/api/nope']) {
      const https = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
