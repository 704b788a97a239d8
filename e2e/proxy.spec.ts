// PassVault behind nginx under /vault/, with the sample configurations of deploy/nginx/ that the README
// documents: the prefix kept (BASE_PATH=/vault) and the prefix stripped (X-Forwarded-Prefix). A person
// signs in, reloads a deep link and saves an entry; nothing the page asks for leaves /vault/.
import { expect, test, type Page } from '@playwright/test';
import { findNginx, startProxiedApp, type ProxiedApp, type ProxySetup } from './support/nginx';
import { newPerson, registerThroughApi } from './support/users';

const VARIANTS: (ProxySetup & { title: string; name: string })[] = [
  {
    title: 'behind nginx, prefix kept (BASE_PATH=/vault)',
    name: 'kept',
    sample: 'passvault.conf',
    env: { BASE_PATH: '/vault', TRUST_PROXY: '127.0.0.1' },
    appPort: 3230,
    proxyPort: 3240,
  },
  {
    title: 'behind nginx, prefix stripped (X-Forwarded-Prefix)',
    name: 'stripped',
    sample: 'passvault-strip-prefix.conf',
    env: { TRUST_PROXY: '127.0.0.1' },
    appPort: 3231,
    proxyPort: 3241,
  },
];

async function enterMasterPassword(page: Page, masterPassword: string) {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('textbox', { name: 'Master password' }) });
  await dialog.getByRole('textbox', { name: 'Master password' }).fill(masterPassword);
  await dialog.getByRole('button', { name: 'Verify' }).click();
}

const nginx = findNginx();

for (const variant of VARIANTS) {
  test.describe(variant.title, () => {
    test.skip(!nginx, 'nginx is not installed: apt-get install nginx-light (.ci/run does)');

    let proxied: ProxiedApp;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      proxied = await startProxiedApp(variant.name, variant);
    });

    test.afterAll(async () => {
      await proxied?.stop();
    });

    test('sign in, reload a deep link and save an entry, all under /vault/', async ({ page, request }) => {
      const base = proxied.url;
      const person = newPerson('Ngaio');
      await registerThroughApi(request, person, base);

      const requested: string[] = [];
      page.on('request', (req) => requested.push(req.url()));

      // Sign in on the login screen, reached at /vault/login.
      await page.goto(`${base}login`);
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(`${base}dashboard`);

      // A deep link, then a reload on it: nginx and the server answer the page, the app routes to it.
      await page.goto(`${base}passwords`);
      await expect(page.getByRole('heading', { name: 'Passwords', exact: true })).toBeVisible();
      await page.reload();
      await expect(page).toHaveURL(`${base}passwords`);
      await expect(page.getByRole('heading', { name: 'Passwords', exact: true })).toBeVisible();
      await expect(page.getByText('No passwords found')).toBeVisible();

      // A vault action through the proxy: a new entry, sealed with the master password.
      await page.getByRole('button', { name: 'Add Password' }).first().click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Title').fill('Intranet');
      await form.getByLabel('Email or username').fill('ngaio');
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('In7ranet!Secret');
      await form.getByLabel('Website').fill('https://intranet.example');
      await form.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'work', exact: true }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      await enterMasterPassword(page, person.masterPassword);
      await expect(page.getByText('Password created successfully')).toBeVisible();
      await expect(page.getByRole('article', { name: 'Intranet' })).toBeVisible();

      // Still there after a reload, and the in-app link to the dashboard keeps the prefix.
      await page.reload();
      await expect(page.getByRole('article', { name: 'Intranet' })).toBeVisible();
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await expect(page).toHaveURL(`${base}dashboard`);

      // Every request of the page (documents, scripts, styles, API calls) went to /vault/ on the proxy.
      const network = requested.filter((url) => url.startsWith('http'));
      expect(network.filter((url) => !url.startsWith(base))).toEqual([]);
      expect(network.some((url) => url.startsWith(`${base}api/`))).toBe(true);
      expect(network.some((url) => url.startsWith(`${base}assets/`))).toBe(true);
    });

    test('large imports pass the proxy, and /vault redirects to /vault/', async ({ request }) => {
      const base = proxied.url;
      const person = newPerson('Kiri');
      await registerThroughApi(request, person, base);
      const login = await request.post(`${base}api/auth/login`, {
        data: { email: person.email, password: person.password },
      });
      expect(login.status()).toBe(200);
      const { token } = ((await login.json()) as { data: { token: string } }).data;

      // About 8 MB: far above nginx's default 1 MB body limit, within the sample's 21 MB.
      const entries = Array.from({ length: 400 }, (_, i) => ({
        title: `Archive ${i}`,
        username: `kiri${i}`,
        password: `Arch1ve!${i}`,
        website: `https://archive-${i}.example`,
        notes: `${i} `.padEnd(19_000, 'x'),
      }));
      const data = JSON.stringify(entries);
      expect(data.length).toBeGreaterThan(7_000_000);
      const imported = await request.post(`${base}api/utility/import`, {
        headers: { authorization: `Bearer ${token}` },
        data: { masterPassword: person.masterPassword, data, format: 'json' },
        timeout: 120_000,
      });
      expect(imported.status()).toBe(200);
      expect(((await imported.json()) as { data: { imported: number } }).data.imported).toBe(400);

      const bare = await request.get(base.replace(/\/$/, ''), { maxRedirects: 0 });
      expect(bare.status()).toBe(301);
      expect(bare.headers().location).toBe('/vault/');
    });
  });
}
