// A change made on another device reaches this tab when the person comes back to it
// (src/shared/api/refreshOnReturn.ts): no reload, no push. The "other device" is the API with a
// session of its own; this tab is left and come back to as a browser tells a page: blur, then focus.
import { expect, test, type Page } from '@playwright/test';
import { addEntryThroughApi } from './support/vault';
import { newPerson, registerThroughApi, signIn } from './support/users';

/** The person looks at another window for `ms`, then back at this tab. */
async function lookAwayFor(page: Page, ms: number) {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.waitForTimeout(ms);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('an entry saved on another device shows when the person comes back to the tab', async ({
  page,
  request,
}) => {
  const person = newPerson('Ines');
  const phone = await registerThroughApi(request, person);
  await addEntryThroughApi(request, phone, person.masterPassword, {
    title: 'Alpha Mail',
    username: 'ines-alpha',
    password: 'Secret-Alpha-9!',
    website: 'https://alpha.example',
  });
  await signIn(page, person);
  await page.goto('/passwords');
  const count = page.getByRole('status').filter({ hasText: /passwords?$/ });
  await expect(count).toHaveText('1 password');

  await addEntryThroughApi(request, phone, person.masterPassword, {
    title: 'Beta Bank',
    username: 'ines-beta',
    password: 'Secret-Beta-9!',
    website: 'https://beta.example',
  });
  // A glance away (DevTools, the address bar) asks for nothing.
  const lists: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/api/passwords')) lists.push(sent.url());
  });
  await lookAwayFor(page, 500);
  await page.waitForTimeout(300);
  expect(lists).toEqual([]);
  await expect(page.getByRole('article', { name: 'Beta Bank' })).toHaveCount(0);

  // Away for longer: back in the tab, the new entry and the new count, the reader where they were.
  await lookAwayFor(page, 5200);
  await expect(page.getByRole('article', { name: 'Beta Bank' })).toBeVisible();
  await expect(count).toHaveText('2 passwords');
  await expect(page.getByRole('article', { name: 'Alpha Mail' })).toBeVisible();
  expect(lists).toHaveLength(1);
  await expect(page).toHaveURL(/\/passwords$/);
});
