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

test('an edit saved in one tab is not undone by a form another tab opened before it', async ({
  page,
  request,
}) => {
  const person = newPerson('Tilda');
  const token = await registerThroughApi(request, person);
  await addEntryThroughApi(request, token, person.masterPassword, {
    title: 'Shared Login',
    username: 'tilda',
    password: 'First-Secret-1!',
    notes: 'first notes',
  });
  await signIn(page, person);
  const other = await page.context().newPage();
  const openEdit = async (tab: typeof page) => {
    await tab.goto('/passwords');
    await tab.getByRole('button', { name: 'Edit Shared Login' }).click();
    await enterMasterPassword(tab, person.masterPassword);
    return tab.getByRole('dialog', { name: 'Edit Password' });
  };
  const formHere = await openEdit(page);
  await expect(formHere.getByLabel('Notes')).toHaveValue('first notes');

  // The other tab opens the same entry, gives it new notes and saves.
  const formThere = await openEdit(other);
  await formThere.getByLabel('Notes').fill('notes from the other tab');
  await formThere.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText('Password updated successfully')).toBeVisible();

  // This tab's form still holds the old notes: saving it would put them back. It is refused, and
  // the form stays open with what was typed.
  await formHere.getByLabel(/^Title/).fill('Shared Login (renamed)');
  await formHere.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(
      'This entry was changed elsewhere after you opened it. Close the form and edit it again to see the changes.',
    ),
  ).toBeVisible();
  await expect(formHere.getByLabel(/^Title/)).toHaveValue('Shared Login (renamed)');

  // Edited again from the entry as it is now: the other tab's notes are there, and the rename saves.
  await formHere.getByRole('button', { name: 'Cancel' }).click();
  const fresh = await openEdit(page);
  await expect(fresh.getByLabel('Notes')).toHaveValue('notes from the other tab');
  await fresh.getByLabel(/^Title/).fill('Shared Login (renamed)');
  await fresh.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Shared Login (renamed)' })).toBeVisible();
});
