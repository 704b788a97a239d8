import { expect, test } from '@playwright/test';
import { newPerson, registerThroughApi, signIn } from './support/users';
import { addEntryThroughApi, enterMasterPassword } from './support/vault';

// Whatever a person (or an imported file) stores is shown as text, never run as markup.
const PAYLOAD = '<img src=x onerror=alert(1)>';

test('markup stored in every entry field renders as text', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const person = newPerson('Mallory');
  const token = await registerThroughApi(request, person);
  await addEntryThroughApi(request, token, person.masterPassword, {
    title: `T ${PAYLOAD}`,
    email: `E ${PAYLOAD}`,
    username: `U ${PAYLOAD}`,
    password: `P ${PAYLOAD}`,
    website: `javascript:alert(1)//${PAYLOAD}`,
    notes: `N ${PAYLOAD}`,
    tags: [`G ${PAYLOAD}`],
  });

  await signIn(page, person);
  await expect(page.getByText(`T ${PAYLOAD}`).first()).toBeVisible();

  await page.goto('/passwords');
  const card = page.getByRole('article', { name: `T ${PAYLOAD}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(`E ${PAYLOAD}`)).toBeVisible();
  await card.getByRole('button', { name: /^Reveal password for/ }).click();
  await enterMasterPassword(page, person.masterPassword);
  await expect(card.getByText(`P ${PAYLOAD}`)).toBeVisible();

  await card.getByRole('button', { name: /^Edit / }).click();
  await enterMasterPassword(page, person.masterPassword);
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Notes')).toHaveValue(`N ${PAYLOAD}`);
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Nothing was parsed into an element, nothing ran, and no link offers javascript: to click.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
