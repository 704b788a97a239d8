// A reload of a signed-in page: the page the server sends names the code the page runs before it shows
// (build/pageCode.ts, server/http/pageCode.ts), and its first requests go out once each, whichever of the
// app's code and the early script's answers comes first (app/earlyRequests.ts).
import { expect, test, type Page } from '@playwright/test';
import { addEntryThroughApi } from './support/vault';
import { newPerson, registerThroughApi, signIn } from './support/users';

/** Every request for the list's windows from now on, and every answer of 400 or more. */
function watch(page: Page) {
  const lists: string[] = [];
  const failed: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/api/passwords')) lists.push(sent.url());
  });
  page.on('response', (answer) => {
    if (answer.status() >= 400) failed.push(`${answer.status()} ${answer.url()}`);
  });
  page.on('requestfailed', (sent) => failed.push(`${sent.failure()?.errorText} ${sent.url()}`));
  return { lists, failed };
}

test.beforeEach(async ({ page, request }) => {
  const person = newPerson('Rhea');
  const session = await registerThroughApi(request, person);
  await addEntryThroughApi(request, session, person.masterPassword, {
    title: 'Reload Mail',
    username: 'rhea',
    password: 'Secret-Reload-9!',
    website: 'https://reload.example',
  });
  await signIn(page, person);
  await page.goto('/passwords');
  await expect(page.getByRole('article', { name: 'Reload Mail' })).toBeVisible();
  // The page's idle work done (it loads the form's code when idle), so the reload aborts nothing of it.
  await page.waitForLoadState('networkidle');
});

test("the page names its code in its HTML, and a reload asks for the list's first window once", async ({
  page,
}) => {
  const { lists, failed } = watch(page);
  const navigation = await page.reload();
  const html = (await navigation?.text()) ?? '';
  const named = [...html.matchAll(/<link rel="preload" as="script" href="\.\/(assets\/[^"]+)"/g)].map(
    ([, file]) => file,
  );
  expect(named.some((file) => /\/PasswordsPage-[\w-]+\.js$/.test(file))).toBe(true);
  expect(named.some((file) => /\/bootstrap-[\w-]+\.js$/.test(file))).toBe(true);
  await expect(page.getByRole('article', { name: 'Reload Mail' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(lists).toHaveLength(1);
  expect(failed).toEqual([]);
});

test('with slow preferences the app is there first, and still one list request goes out', async ({
  page,
}) => {
  // The early list waits for the preferences (its order); the app's code, from the cache, does not.
  await page.route('**/api/user/preferences', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const { lists, failed } = watch(page);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Reload Mail' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(lists).toHaveLength(1);
  expect(failed).toEqual([]);
});

test('with the network cut for the preferences, the page still shows, from one list request', async ({
  page,
}) => {
  // The early script's preferences fail: its list never starts, and the app asks for both itself.
  let cuts = 1;
  await page.route('**/api/user/preferences', (route) =>
    cuts-- > 0 ? route.abort('internetdisconnected') : route.continue(),
  );
  const { lists } = watch(page);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Reload Mail' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /passwords?$/ })).toHaveText('1 password');
  await page.waitForTimeout(500);
  expect(lists).toHaveLength(1);
  await expect(page).toHaveURL(/\/passwords$/);
});
