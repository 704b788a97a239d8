// One build under any prefix: BASE_PATH, or X-Forwarded-Prefix from a trusted proxy that strips it.
import { createUser } from '../test/fixtures';
import type { TestApp } from '../test/testApp';
import { ASSET, pageMeta, withStaticApp as withApp } from '../test/staticFixture';

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('BASE_PATH=/vault', () => {
  withApp({ BASE_PATH: '/vault' }, (app) => {
    it('serves the API under /vault/api', async () => {
      const t = app();
      expect((await get(t, '/vault/api/health')).json()).toEqual({ status: 'ok' });
      const user = await createUser(t);
      const me = await get(t, '/vault/api/auth/me', user.auth);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user.email).toBe(user.email);
      const login = await t.app.inject({
        method: 'POST',
        url: '/vault/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.headers['cache-control']).toBe('no-store');
    });

    it('serves index.html at /vault/ and on every deep link, with <base href="/vault/">', async () => {
      const t = app();
      for (const url of [
        '/vault/',
        '/vault/index.html',
        '/vault/settings',
        '/vault/passwords/abc',
        '/vault/login?next=%2Fsettings',
      ]) {
        const page = await get(t, url);
        expect(page.statusCode).toBe(200);
        expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
        expect(pageMeta(page.body).base).toBe('/vault/');
      }
      const bare = await get(t, '/vault');
      expect(bare.statusCode).toBe(302);
      expect(bare.headers.location).toBe('/vault/');
    });

    it('serves the assets under the prefix', async () => {
      const t = app();
      const asset = await get(t, `/vault/${ASSET}`);
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toContain('console.log');
    });

    it('answers unknown API paths, and anything outside the prefix, with a JSON 404', async () => {
      const t = app();
      for (const url of [
        '/vault/api/x',
        '/vault/api',
        '/vault/api/auth/nothing',
        '/api/health',
        '/settings',
        `/${ASSET}`,
      ]) {
        const res = await get(t, url);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
        expect(res.json()).toEqual({ message: 'Not found' });
      }
    });

    it('keeps the OpenAPI servers entry under the prefix', async () => {
      const doc = (await get(app(), '/vault/api/openapi.json')).json();
      expect(doc.servers).toEqual([{ url: '/vault/api' }]);
      expect(doc.paths['/health']).toBeDefined();
    });
  });
});

describe('X-Forwarded-Prefix with TRUST_PROXY (the proxy strips /vault)', () => {
  withApp({ TRUST_PROXY: 'true' }, (app) => {
    it('puts the forwarded prefix in <base href> of index.html and of deep links', async () => {
      for (const url of ['/', '/settings']) {
        const page = await get(app(), url, { 'x-forwarded-prefix': '/vault' });
        expect(page.statusCode).toBe(200);
        expect(pageMeta(page.body).base).toBe('/vault/');
      }
      expect(pageMeta((await get(app(), '/')).body).base).toBe('/');
    });

    it('ignores a forwarded prefix that is not a plain path', async () => {
      for (const prefix of [
        '"><script>alert(1)</script>',
        '/a/../b',
        '//evil.example',
        'javascript:alert(1)',
      ]) {
        const page = await get(app(), '/', { 'x-forwarded-prefix': prefix });
        expect(page.statusCode).toBe(200);
        expect(pageMeta(page.body).base).toBe('/');
        expect(page.body).not.toContain('<script>alert');
      }
    });
  });
});

describe('X-Forwarded-Prefix without TRUST_PROXY', () => {
  withApp({}, (app) => {
    it('is ignored: anyone could send it', async () => {
      const page = await get(app(), '/settings', { 'x-forwarded-prefix': '/vault' });
      expect(page.statusCode).toBe(200);
      expect(pageMeta(page.body).base).toBe('/');
    });
  });
});
