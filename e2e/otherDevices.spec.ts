// A change made on another device reaches this tab when the person comes back to it
// (src/shared/api/refreshOnReturn.ts): no reload, no push. The "other device" is the API with a
// session of its own; this tab is left and come back to as a browser tells a page: blur, then focus.
// Screens go to OTHER_DEVICES_SHOTS_DIR (default /tmp/other-devices-shots).
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { lookAwayFor } from './support/focus';
import { shootScreen } from './support/screens';
import { addEntryThroughApi } from './support/vault';
import { newPerson, registerThroughApi, signIn, signOut } from './support/users';

const SHOTS_DIR = process.env.OTHER_DEVICES_SHOTS_DIR || '/tmp/other-devices-shots';

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

test('a session ended on another device: back in the tab, the login page says why', async ({
  page,
  request,
}) => {
  const person = newPerson('Jonas');
  await registerThroughApi(request, person);
  await signIn(page, person);
  await page.goto('/passwords');
  await expect(page.getByRole('heading', { name: 'Passwords', exact: true })).toBeVisible();

  // "Sign out everywhere else" from the phone, as the server sees it: this tab's token is revoked.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const revoked = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);

  await lookAwayFor(page, 5200);
  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByRole('status').filter({ hasText: 'Your session has ended' });
  await expect(notice).toHaveText(
    'Your session has ended, on another device or because it expired. Please sign in again.',
  );
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 740 });
  await shootScreen(page, SHOTS_DIR, 'session-ended-dark-375');

  // Signing in again is the way back, and the notice goes with it: after a logout of the person's own,
  // the login page (reached without a reload, the app's state kept) says nothing.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
