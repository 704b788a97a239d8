// Issue "Everyday use", honest states: when the vault cannot be fetched (the server failing, or the
// network gone), the Passwords page, the dashboard and Settings say so with Retry, never an empty vault;
// one toast per failure; Retry brings the data back. axe runs on each failure view in both themes at
// 1280 and 375 px, and the screens are saved in UX_SHOTS_DIR (default /tmp/ux-shots).
import fs from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { newPerson, registerThroughApi, signIn, submitLogin } from './support/users';
import { totp } from './support/totp';
import { addEntryThroughApi } from './support/vault';
import { auditEverywhere } from './support/screens';
import { recordToasts, toastsShown } from './support/toasts';

const SHOTS_DIR = process.env.UX_SHOTS_DIR || '/tmp/ux-shots';
const UNREACHABLE = "Can't reach PassVault. Check your connection and try again.";
const LIST = '**/api/passwords?*';
const LIST_FAILED = "Your passwords couldn't be loaded";
const WINDOW_FAILED = "Some of your passwords couldn't be loaded";

const serverError = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ message: 'Database down' }),
  });

/**
 * A person with a few entries (and `imported` more, for a list of several windows), signed in, recording
 * every toast.
 */
async function personWithEntries(
  page: Page,
  request: Parameters<typeof registerThroughApi>[0],
  imported = 0,
) {
  await recordToasts(page);
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('theme')) window.localStorage.setItem('theme', 'light');
  });
  const person = newPerson('Honest');
  const token = await registerThroughApi(request, person);
  for (const title of ['Mail', 'Bank', 'Forge']) {
    await addEntryThroughApi(request, token, person.masterPassword, {
      title,
      password: `${title}-S3cret!pass`,
      category: 'work',
    });
  }
  if (imported > 0) {
    const passwords = Array.from({ length: imported }, (_, i) => ({
      title: `Entry ${i}`,
      password: `Pass-${i}!x`,
    }));
    const answer = await request.post('/api/utility/import', {
      headers: { authorization: `Bearer ${token}` },
      data: { masterPassword: person.masterPassword, data: JSON.stringify({ passwords }), format: 'json' },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  await signIn(page, person);
  return person;
}

test.describe('honest states when the vault cannot be fetched', () => {
  test.use({ reducedMotion: 'reduce' });

  test('Passwords: a failing server shows the failure with Retry, one toast, and Retry brings the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await personWithEntries(page, request);
    await page.route(LIST, serverError);
    await page.goto('/passwords');

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: LIST_FAILED })).toBeVisible();
    await expect(main.getByText('Database down')).toBeVisible();
    await expect(main.getByText('No passwords found')).toHaveCount(0);
    await expect(main.getByText('Get started by adding your first password')).toHaveCount(0);
    await expect(main.getByText(/^\d+ passwords?$/)).toHaveCount(0);
    // However many requests failed (the reload's early one and the page's own), one toast, and no more.
    await expect.poll(() => toastsShown(page, 'Failed to fetch passwords')).toBe(1);
    await page.waitForTimeout(5_000);
    expect(await toastsShown(page, 'Failed to fetch passwords')).toBe(1);

    const violations = await auditEverywhere(page, main, 'main', 'list-failed-500', { dir: SHOTS_DIR });
    expect(violations).toEqual([]);

    await page.unroute(LIST);
    await main.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('article', { name: 'Forge' })).toBeVisible();
    await expect(main.getByText('3 passwords')).toBeVisible();
    await expect(main.getByRole('heading', { name: LIST_FAILED })).toHaveCount(0);
    expect(await toastsShown(page, 'Failed to fetch passwords')).toBe(1);
  });

  test('Passwords offline: "Can\'t reach PassVault" with Retry, one toast, and the list back once online', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await personWithEntries(page, request);
    await page.goto('/passwords');
    await expect(page.getByRole('article', { name: 'Forge' })).toBeVisible();

    // The network goes; a search asks the server for a list it cannot get.
    await context.setOffline(true);
    await page.getByPlaceholder('Search passwords, websites, usernames...').fill('a');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: LIST_FAILED })).toBeVisible();
    await expect(main.getByText(UNREACHABLE)).toBeVisible();
    await expect(page.getByText(/TypeError|Failed to fetch$/)).toHaveCount(0);
    await expect(main.getByText('No passwords found')).toHaveCount(0);
    await expect.poll(() => toastsShown(page, 'Failed to fetch passwords')).toBe(1);

    // Retry while still offline says so again, without a second toast piling up on the first.
    await main.getByRole('button', { name: 'Retry' }).click();
    await expect(main.getByText(UNREACHABLE)).toBeVisible();
    const violations = await auditEverywhere(page, main, 'main', 'list-failed-offline', { dir: SHOTS_DIR });
    expect(violations).toEqual([]);

    // Back online, the list comes back by itself (refreshOnReturn.ts): no Retry needed.
    await context.setOffline(false);
    await expect(page.getByRole('article', { name: 'Mail' })).toBeVisible();
    await expect(main.getByRole('heading', { name: LIST_FAILED })).toHaveCount(0);
  });

  test('Passwords, a later window failing: one toast, then a notice with Retry that stays until it loads', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await personWithEntries(page, request, 450);
    await page.goto('/passwords');
    const main = page.getByRole('main');
    await expect(main.getByText('453 passwords')).toBeVisible();

    // The windows after the first fail; the person goes to the end of the list.
    const LATER = /\/api\/passwords\?.*(offset|cursor)=/;
    // Failing until Retry is pressed. The list asks again for a failed window whenever its range in view
    // changes (a resize, a scroll), so the route is not dropped ahead of the click: a late resize of the
    // pictures below would then load the list before Retry could be pressed.
    let failing = true;
    let laterAsked = 0;
    await page.route(LATER, (route) => {
      laterAsked += 1;
      return failing ? serverError(route) : route.continue();
    });
    await page.mouse.move(700, 500);
    await page.keyboard.press('End');
    await page.mouse.wheel(0, 100_000);
    const notice = main.getByRole('alert').filter({ hasText: WINDOW_FAILED });
    await expect(notice).toBeVisible();
    await expect.poll(() => toastsShown(page, 'Failed to fetch passwords')).toBe(1);
    // The list stays: its count, its rows; scrolling on fails again without another toast.
    await expect(main.getByText('453 passwords')).toHaveCount(1);
    for (let step = 0; step < 5; step += 1) await page.mouse.wheel(0, -200);
    await page.waitForTimeout(6_000);
    expect(await toastsShown(page, 'Failed to fetch passwords')).toBe(1);
    await expect(notice).toBeVisible();

    const violations = await auditEverywhere(page, notice, 'main', 'list-window-failed', { dir: SHOTS_DIR });
    expect(violations).toEqual([]);

    // The page at rest (no window asked for in a second), then Retry with the server answering again.
    await expect
      .poll(async () => {
        const before = laterAsked;
        await page.waitForTimeout(1_000);
        return laterAsked === before;
      })
      .toBe(true);
    const retry = notice.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeEnabled();
    failing = false;
    await retry.click();
    // The windows in view arrive: cards where the placeholders were, and the notice gone.
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('card-placeholder')).toHaveCount(0);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('Dashboard: the banner with Retry, counts not claimed, one toast; Retry loads it', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await personWithEntries(page, request);
    await page.route('**/api/passwords/stats', serverError);
    await page.route(LIST, serverError);
    await page.goto('/dashboard');

    const main = page.getByRole('main');
    const text = 'Failed to load dashboard data: Database down';
    await expect(main.getByText(text)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Retry' }).first()).toBeVisible();
    await expect(main.getByText('No passwords yet')).toHaveCount(0);
    await expect(main.getByText('No categories yet')).toHaveCount(0);
    await expect(main.getByText('Your recent passwords could not be loaded.')).toBeVisible();
    const total = main.getByRole('link', { name: /Total Passwords/ });
    await expect(total).toContainText('Not available');
    await expect.poll(() => toastsShown(page, text)).toBe(1);
    await page.waitForTimeout(5_000);
    expect(await toastsShown(page, text)).toBe(1);

    const violations = await auditEverywhere(page, main, 'main', 'dashboard-failed', { dir: SHOTS_DIR });
    expect(violations).toEqual([]);

    await page.unroute('**/api/passwords/stats');
    await page.unroute(LIST);
    await main.getByRole('button', { name: 'Retry' }).first().click();
    await expect(total).toContainText('3');
    await expect(main.getByText(text)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Recent Passwords' }).getByRole('listitem')).toHaveCount(3);
  });

  test('Settings: counts and preferences that cannot be loaded say so with Retry, without a toast', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await personWithEntries(page, request);
    // The network refuses this one call, as offline.
    await page.route('**/api/user/settings', (route) => route.abort('internetdisconnected'));
    await page.goto('/settings?tab=data');

    const panel = page.getByRole('tabpanel', { name: 'Data' });
    const overview = panel.getByRole('region', { name: 'Data Overview' });
    const failed = `Your settings could not be loaded: ${UNREACHABLE}`;
    await expect(overview.getByText(failed)).toBeVisible();
    await expect(overview.getByText('Total Passwords')).toHaveCount(0);
    const violations = await auditEverywhere(page, overview, 'main', 'settings-data-failed', {
      dir: SHOTS_DIR,
    });

    await page.getByRole('tab', { name: 'Notifications' }).click();
    const notifications = page.getByRole('tabpanel', { name: 'Notifications' });
    await expect(notifications.getByText(failed)).toBeVisible();
    await expect(notifications.getByRole('switch')).toHaveCount(0);
    violations.push(
      ...(await auditEverywhere(page, notifications, 'main', 'settings-notifications-failed', {
        dir: SHOTS_DIR,
      })),
    );
    expect(violations).toEqual([]);
    // SPEC section 8: a failed load of the settings raises no toast.
    expect(await page.evaluate(() => window.__toastsShown ?? [])).not.toContainEqual(
      expect.stringContaining('settings'),
    );

    await page.unroute('**/api/user/settings');
    await notifications.getByRole('button', { name: 'Retry' }).click();
    await expect(notifications.getByRole('switch', { name: 'Email Notifications' })).toBeEnabled();
    await page.getByRole('tab', { name: 'Data' }).click();
    await expect(
      page.getByRole('region', { name: 'Data Overview' }).getByText('Total Passwords'),
    ).toBeVisible();
  });

  test('a dialog whose code cannot be fetched says so in a toast and keeps the page; the next try opens it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Offline for the dialogs' code only, from before it was ever fetched (a new browser context).
    const dialogCode =
      /\/assets\/(PasswordFormDialog|PasswordHistory|MasterPasswordDialog|EntryDetailsPanel)-[^/]*\.js$/;
    await page.route(dialogCode, (route) => route.abort('internetdisconnected'));
    await personWithEntries(page, request);
    await page.goto('/passwords');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Show details for Mail' })).toBeVisible();

    await main.getByRole('button', { name: 'Add Password' }).first().click();
    await expect(page.locator('.pv-toasts').getByText(UNREACHABLE)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Show details for Bank' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/dialog-code-offline.png` });

    // The entry's details need their code too: nothing opens, and the page stays.
    await main.getByRole('button', { name: 'Show details for Mail' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Show details for Forge' })).toBeVisible();

    // The generator's panel stays out of reach: asking for it keeps the form and what was typed in it.
    const generatorCode = /\/assets\/PasswordGenerator-[^/]*\.js$/;
    await page.route(generatorCode, (route) => route.abort('internetdisconnected'));
    await page.unroute(dialogCode);
    await main.getByRole('button', { name: 'Add Password' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Password' });
    await expect(form).toBeVisible();
    await form.getByLabel('Title').fill('Typed offline');
    await form.getByRole('button', { name: 'Generator options' }).click();
    await expect(form.getByLabel('Title')).toHaveValue('Typed offline');
    await expect(page.getByRole('dialog', { name: 'Add Password' })).toBeVisible();
    await expect(page.locator('.pv-toasts').getByText(UNREACHABLE)).toBeVisible();
    await page.unroute(generatorCode);
    await form.getByRole('button', { name: 'Generator options' }).click();
    await expect(form.getByRole('button', { name: 'Use password' })).toBeVisible();
  });

  test('the narrow menu and the sign-in code step, whose code cannot be fetched, say so and keep the page', async ({
    browser,
    page,
    request,
  }) => {
    // The signed-in menu's code is offline from before it was ever fetched: opening it says so.
    await page.setViewportSize({ width: 375, height: 800 });
    const menuCode = /\/assets\/SignedInMenu-[^/]*\.js$/;
    await page.route(menuCode, (route) => route.abort('internetdisconnected'));
    await personWithEntries(page, request);
    await page.goto('/passwords');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Show details for Mail' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('.pv-toasts').getByText(UNREACHABLE)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Show details for Bank' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/menu-code-offline.png` });
    await page.unroute(menuCode);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();

    // An account with two-factor: the code step's code is offline, so the password stays in the form
    // for the next Sign In, which shows the step once the code is there.
    const person = newPerson('Stepped');
    const token = await registerThroughApi(request, person);
    const headers = { Authorization: `Bearer ${token}` };
    const enabled = await request.post('/api/auth/enable-2fa', {
      headers,
      data: { password: person.password },
    });
    expect(enabled.status()).toBe(200);
    const { secret } = (await enabled.json()) as { secret: string };
    const verified = await request.post('/api/auth/verify-2fa-setup', {
      headers,
      data: { otp: totp(secret) },
    });
    expect(verified.status()).toBe(200);

    const signedOut = await browser.newContext();
    const login = await signedOut.newPage();
    const stepCode = /\/assets\/TwoFactorStep-[^/]*\.js$/;
    await login.route(stepCode, (route) => route.abort('internetdisconnected'));
    await submitLogin(login, person.email, person.password);
    await expect(login.locator('.pv-toasts').getByText(UNREACHABLE)).toBeVisible();
    await expect(login.getByRole('heading', { name: 'Two-factor authentication' })).toHaveCount(0);
    await expect(login.getByLabel('Email')).toHaveValue(person.email);
    await expect(login.getByLabel('Password', { exact: true })).toHaveValue(person.password);
    await login.screenshot({ path: `${SHOTS_DIR}/code-step-offline.png` });
    await login.unroute(stepCode);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(login.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(login.getByLabel('Authentication code')).toBeVisible();
    await signedOut.close();
  });
});
