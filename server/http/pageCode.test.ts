// A page's HTML names the code the page runs before it shows, so the browser fetches it all at once.
import { PAGE_CODE_FILE } from '../../build/pageCode';
import type { TestApp } from '../test/testApp';
import { withStaticApp, writeStaticApp } from '../test/staticFixture';
import { pageWithin, readPageCodeLinks } from './pageCode';

const PAGE_CODE = {
  '/': { scripts: ['assets/bootstrap-a1.js'], pageScripts: [], styles: [] },
  '/login': { scripts: ['assets/bootstrap-a1.js'], pageScripts: ['assets/LoginPage-b2.js'], styles: [] },
  '/passwords': {
    scripts: ['assets/bootstrap-a1.js'],
    pageScripts: ['assets/PasswordsPage-c3.js'],
    styles: ['assets/PasswordsPage-d4.css'],
  },
};

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]*)"/g)].map(
    ([, rel, href]) => `${rel} ${href}`,
  );

/** The app serving a built page whose page-code.json holds `pageCode` (JSON, or text as it is). */
function withSite(env: NodeJS.ProcessEnv, pageCode: unknown, body: (app: () => TestApp) => void) {
  const text = typeof pageCode === 'string' ? pageCode : JSON.stringify(pageCode);
  withStaticApp(env, body, { [PAGE_CODE_FILE]: text });
}

const page = async (t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url })).body;

describe('the code a page names in its HTML', () => {
  withSite({}, PAGE_CODE, (app) => {
    it("names the page's own code, whatever the query or a trailing slash", async () => {
      for (const url of ['/passwords', '/passwords/', '/passwords?health=weak']) {
        expect(preloadsOf(await page(app(), url))).toEqual([
          'modulepreload ./assets/bootstrap-a1.js',
          'modulepreload ./assets/PasswordsPage-c3.js',
          'preload ./assets/PasswordsPage-d4.css',
        ]);
      }
      expect(preloadsOf(await page(app(), '/login'))).toEqual([
        'modulepreload ./assets/bootstrap-a1.js',
        'modulepreload ./assets/LoginPage-b2.js',
      ]);
      expect(preloadsOf(await page(app(), '/'))).toEqual(['modulepreload ./assets/bootstrap-a1.js']);
    });

    it('names nothing for an address that is no page (the app sends it elsewhere)', async () => {
      expect(preloadsOf(await page(app(), '/no-such-page'))).toEqual([]);
      expect(preloadsOf(await page(app(), '/passwords/abc'))).toEqual([]);
    });

    it('keeps the page a valid document: the links inside <head>, after the entry script', async () => {
      const html = await page(app(), '/passwords');
      const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
      expect(head).toContain('<script type="module"');
      expect(head.indexOf('<script type="module"')).toBeLessThan(head.indexOf('rel="modulepreload"'));
      expect(preloadsOf(head)).toHaveLength(3);
    });

    it("asks for the page's own code at a low priority: the session and the data go first", async () => {
      const html = await page(app(), '/passwords');
      const priorities = [...html.matchAll(/<link rel="[^"]*preload"[^>]*href="\.\/([^"]*)"([^>]*)>/g)].map(
        ([, file, rest]) => `${file}${rest.includes('fetchpriority="low"') ? ' low' : ''}`,
      );
      expect(priorities).toEqual([
        'assets/bootstrap-a1.js',
        'assets/PasswordsPage-c3.js low',
        'assets/PasswordsPage-d4.css low',
      ]);
    });
  });

  withSite({ BASE_PATH: '/vault' }, PAGE_CODE, (app) => {
    it('under a BASE_PATH, by the page within it, relative to <base href>', async () => {
      expect(preloadsOf(await page(app(), '/vault/login'))).toEqual([
        'modulepreload ./assets/bootstrap-a1.js',
        'modulepreload ./assets/LoginPage-b2.js',
      ]);
    });
  });

  withSite({ TRUST_PROXY: 'true' }, PAGE_CODE, (app) => {
    it('behind a proxy that strips its prefix, by the page it asks for, under the base it names', async () => {
      const response = await app().app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'x-forwarded-prefix': '/vault' },
      });
      expect(response.body).toContain('<base href="/vault/" />');
      expect(preloadsOf(response.body)).toEqual([
        'modulepreload ./assets/bootstrap-a1.js',
        'modulepreload ./assets/LoginPage-b2.js',
      ]);
    });
  });

  withSite({}, '{ not json', (app) => {
    it('an unreadable file names nothing, and the page is served as before', async () => {
      const response = await app().app.inject({ method: 'GET', url: '/passwords' });
      expect(response.statusCode).toBe(200);
      expect(preloadsOf(response.body)).toEqual([]);
    });
  });
});

describe('readPageCodeLinks', () => {
  it('puts in a page only chunks of the build (assets/…, .js or .css)', () => {
    const site = writeStaticApp({
      [PAGE_CODE_FILE]: JSON.stringify({
        '/x': {
          scripts: ['assets/ok-1.js', 'https://elsewhere.test/x.js', 'assets/"><script>.js'],
          pageScripts: ['/etc/passwd'],
          styles: ['../secret.css'],
        },
      }),
    });
    try {
      expect(preloadsOf(readPageCodeLinks(site.dir).get('/x') ?? '')).toEqual([
        'modulepreload ./assets/ok-1.js',
      ]);
    } finally {
      site.remove();
    }
  });
});

describe('pageWithin', () => {
  it.each([
    ['/passwords', '/', '/passwords'],
    ['/passwords/?a=1', '/', '/passwords'],
    ['/', '/', '/'],
    ['/vault/', '/vault/', '/'],
    ['/vault/passwords/trash', '/vault/', '/passwords/trash'],
  ])('%s under %s is %s', (url, base, expected) => {
    expect(pageWithin(url, base)).toBe(expected);
  });
});
