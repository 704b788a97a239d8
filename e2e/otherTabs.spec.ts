// Two tabs of one browser share the session but not their caches: a change made in one shows in the
// other without a reload (src/shared/api/otherTabs.ts), and nothing secret travels between them.
import { expect, test } from '@playwright/test';
import { addEntryThroughApi, enterMasterPassword } from './support/vault';
import { newPerson, registerThroughApi, signIn } from './support/users';

test("a change in one tab shows in the other: the list, the favourites and the dashboard's counts", async ({
  page,
  request,
}) => {
  const person = newPerson('Tove');
  const token = await registerThroughApi(request, person);
  for (const title of ['Alpha Mail', 'Beta Bank', 'Gamma Shop']) {
    await addEntryThroughApi(request, token, person.masterPassword, {
      title,
      username: `tove-${title.split(' ')[0].toLowerCase()}`,
      password: `Secret-${title}-9!`,
      website: `https://${title.split(' ')[0].toLowerCase()}.example`,
    });
  }
  await signIn(page, person);
  await page.goto('/passwords');
  const count = (tab: typeof page) => tab.getByRole('status').filter({ hasText: /passwords?$/ });
  await expect(count(page)).toHaveText('3 passwords');

  // A second tab on the dashboard, a third on the list; the messages between them are recorded.
  const dashboard = await page.context().newPage();
  await dashboard.goto('/dashboard');
  // The number under the card's heading.
  const total = dashboard
    .getByRole('heading', { name: 'Total Passwords' })
    .locator('xpath=following-sibling::*[1]');
  await expect(total).toHaveText('3');
  const list = await page.context().newPage();
  await list.addInitScript(() => {
    const heard: unknown[] = [];
    (window as unknown as { heard: unknown[] }).heard = heard;
    new BroadcastChannel(`passvault:${new URL('api', document.baseURI).pathname}`).onmessage = (event) =>
      heard.push(event.data);
  });
  await list.goto('/passwords');
  await expect(count(list)).toHaveText('3 passwords');

  // Deleted in the first tab (with the master password), gone from the others.
  await page.getByRole('button', { name: 'Delete Beta Bank' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await enterMasterPassword(page, person.masterPassword);
  await expect(page.getByText('Password deleted successfully')).toBeVisible();
  await expect(list.getByRole('article', { name: 'Beta Bank' })).toHaveCount(0);
  await expect(count(list)).toHaveText('2 passwords');
  await expect(total).toHaveText('2');

  // A favourite made in the list tab is one in the first tab too.
  await list.getByRole('button', { name: 'Add Gamma Shop to favorites' }).click();
  await expect(page.getByRole('button', { name: 'Remove Gamma Shop from favorites' })).toBeVisible();

  // What travelled: cache tags, no password, master password or token.
  const heard = JSON.stringify(await list.evaluate(() => (window as unknown as { heard: unknown[] }).heard));
  expect(heard).toContain('"stale"');
  for (const secret of [person.masterPassword, 'Secret-Beta Bank-9!', token])
    expect(heard).not.toContain(secret);
});
