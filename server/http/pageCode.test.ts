// A page's HTML names the code the page runs before it shows, so the browser fetches it all at once.
import { PAGE_CODE_FILE } from '../../build/pageCode';
import type { TestApp } from '../test/testApp';
import { ASSET, withStaticApp, writeStaticApp } from '../test/staticFixture';
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

/** The page's own code, as named: `script ./assets/x.js` (the entry's own preload is not the page's). */
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="(script|style)"[^>]*href="([^"]*)"/g)]
    .map(([, as, href]) => `${as} ${href}`)
    .filter((link) => link !== `script ./${ASSET}`);

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
          'script ./assets/bootstrap-a1.js',
          'script ./assets/PasswordsPage-c3.js',
          'style ./assets/PasswordsPage-d4.css',
        ]);
      }
      expect(preloadsOf(await page(app(), '/login'))).toEqual([
        'script ./assets/bootstrap-a1.js',
        'script ./assets/LoginPage-b2.js',
      ]);
      expect(preloadsOf(await page(app(), '/'))).toEqual(['script ./assets/bootstrap-a1.js']);
    });

    it('names nothing for an address that is no page (the app sends it elsewhere)', async () => {
      expect(preloadsOf(await page(app(), '/no-such-page'))).toEqual([]);
      expect(preloadsOf(await page(app(), '/passwords/abc'))).toEqual([]);
    });

    it('keeps the page a valid document: the links inside <head>, after the entry script', async () => {
      const html = await page(app(), '/passwords');
      const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
      // The entry is asked for first: its preload comes before the page's.
      expect(head.indexOf(`href="./${ASSET}"`)).toBeLessThan(head.indexOf('bootstrap-a1.js'));
      expect(preloadsOf(head)).toHaveLength(3);
    });

    it("asks for the page's own code at a low priority: the session and the data go first", async () => {
      const html = await page(app(), '/passwords');
      const priorities = [...html.matchAll(/<link rel="[^"]*preload"[^>]*href="\.\/([^"]*)"([^>]*)>/g)].map(
        ([, file, rest]) => `${file}${rest.includes('fetchpriority="low"') ? ' low' : ''}`,
      );
      expect(priorities).toEqual([
        ASSET,
        'assets/bootstrap-a1.js',
        'assets/PasswordsPage-c3.js low',
        'assets/PasswordsPage-d4.css low',
      ]);
    });
  });

  withSite({ BASE_PATH: '/vault' }, PAGE_CODE, (app) => {
    it('under a BASE_PATH, by the page within it, relative to <base href>', async () => {
      expect(preloadsOf(await page(app(), '/vault/login'))).toEqual([
        'script ./assets/bootstrap-a1.js',
        'script ./assets/LoginPage-b2.js',
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
        'script ./assets/bootstrap-a1.js',
        'script ./assets/LoginPage-b2.js',
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
      expect(preloadsOf(readPageCodeLinks(site.dir).get('/x') ?? '')).toEqual(['script ./assets/ok-1.js']);
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
