// Issue 7, "usable by everyone": axe-core on every route and every dialog, in the light and the dark theme,
// at 1280 and 375 px wide. Serious and critical violations fail the run; the lesser ones are printed.
// Every screen is also saved as `test-results/screens/<name>-<theme>-<width>.png` (kept by CI).
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { totp } from '../server/modules/twoFactor/totp';
import { mailCount, nextCode } from './support/mailbox';
import { newPerson, type Person } from './support/users';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SCREENS_DIR = path.join('test-results', 'screens');
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 375] as const;

type Theme = (typeof THEMES)[number];

interface Run {
  page: Page;
  theme: Theme;
  width: number;
  /** Serious and critical violations found so far, one line each. */
  failures: string[];
}

const DIALOG = '[role="dialog"]';

/**
 * Screenshots `name` and runs axe on the page as it is now. `overlay`: the selector of an open dialog,
 * drawer or menu. Only that part is checked (the page under it had its own check, and is inert), and the
 * shot is of the window (a full-page shot would show the page running on under a fixed layer).
 */
async function audit(run: Run, name: string, overlay?: string): Promise<void> {
  const { page, theme, width } = run;
  // Transitions are off (reduced motion); fonts may still be settling.
  await page.evaluate(() => document.fonts.ready);
  if (!overlay) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(SCREENS_DIR, `${name}-${theme}-${width}.png`),
    fullPage: !overlay,
    animations: 'disabled',
  });
  // Legacy mode runs axe in the page itself: no blank page per run to merge frame results (no iframes here).
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode();
  const results = await (overlay ? builder.include(overlay) : builder).analyze();
  for (const violation of results.violations) {
    const where = violation.nodes
      .slice(0, 5)
      .map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
      .join('\n');
    const line = `[${theme} ${width}] ${name}: ${violation.impact} ${violation.id} (${violation.help}), ${violation.nodes.length} node(s)\n${where}`;
    if (violation.impact === 'serious' || violation.impact === 'critical') run.failures.push(line);
    else console.log(line);
  }
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

function dialogNamed(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

async function closedWithEscape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function masterPassword(page: Page, run: Run, person: Person, name: string | null): Promise<void> {
  const dialog = dialogNamed(page, 'Master password required');
  await expect(dialog).toBeVisible();
  if (name) await audit(run, name, DIALOG);
  await dialog.getByRole('textbox', { name: 'Master password' }).fill(person.masterPassword);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
}

/** Entries straight through the API, with the session the page holds. */
async function addEntriesThroughApi(page: Page, request: APIRequestContext, person: Person): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const entries = [
    {
      title: 'Netflix',
      email: 'films@example.test',
      website: 'https://netflix.com',
      category: 'entertainment',
    },
    {
      title: 'A bank with a rather long name that will not fit on one line',
      username: 'saver',
      website: 'https://bank.example.test/accounts/online-banking/sign-in',
      category: 'finance',
      isFavorite: true,
    },
    { title: 'Notes', username: 'me', category: 'other' },
  ];
  for (const entry of entries) {
    const res = await request.post('/api/passwords', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...entry, password: 'Pw9!example-secret', masterPassword: person.masterPassword },
    });
    expect(res.status()).toBe(201);
  }
}

async function openSettingsTab(page: Page, tab: string): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

fs.mkdirSync(SCREENS_DIR, { recursive: true });

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test.describe(`${theme} theme at ${width} px`, () => {
      const mobile = width < 768;
      test.use({ viewport: { width, height: mobile ? 760 : 800 }, reducedMotion: 'reduce' });

      test('every route and dialog passes axe (no serious or critical violations)', async ({
        page,
        request,
        context,
      }) => {
        test.setTimeout(120_000);
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
        const run: Run = { page, theme, width, failures: [] };
        const person = newPerson(theme === 'light' ? 'Lumen' : 'Umbra');

        // Signed out.
        await page.goto('/');
        await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await audit(run, 'landing');
        if (mobile) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
          await audit(run, 'topbar-menu-signed-out', 'header');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
            'aria-expanded',
            'false',
          );
        }
        await page.goto('/login');
        await heading(page, 'Welcome back');
        await audit(run, 'login');

        // Register through the form (strength meters filled in), then the code screen with its e-mail.
        await page.goto('/register');
        await heading(page, 'Create your account');
        await page.getByLabel('First name').fill(person.firstName);
        await page.getByLabel('Last name').fill(person.lastName);
        await page.getByLabel('Email').fill(person.email);
        await page.getByLabel('Account password', { exact: true }).fill(person.password);
        await page.getByLabel('Master password', { exact: true }).fill('weak');
        await audit(run, 'register');
        await page.getByLabel('Master password', { exact: true }).fill(person.masterPassword);
        await page.getByRole('button', { name: 'Create Account' }).click();
        await heading(page, 'Verify your email');
        await audit(run, 'verify-otp');
        await page.getByLabel('Verification code').fill(await nextCode(person.email));
        await page.getByRole('button', { name: 'Verify Email' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);

        // Signed in: the empty vault first.
        await heading(page, 'Dashboard');
        await expect(page.getByText('No passwords yet')).toBeVisible();
        await audit(run, 'dashboard-empty');
        await page.goto('/passwords');
        await expect(page.getByText('No passwords found')).toBeVisible();
        await audit(run, 'passwords-empty');

        // The entry form (add) and the master password dialog.
        await page.getByRole('button', { name: 'Add Password' }).first().click();
        const form = dialogNamed(page, 'Add Password');
        await expect(form).toBeVisible();
        await form.getByLabel('Title').fill('GitHub');
        await form.getByLabel('Email or username').fill('octo@example.test');
        await form.getByRole('textbox', { name: 'Password', exact: true }).fill('weakpass');
        await form.getByLabel('Website').fill('https://github.com');
        await audit(run, 'entry-form-add', DIALOG);
        await form.getByRole('button', { name: 'Save' }).click();
        await masterPassword(page, run, person, 'master-password-dialog');
        await expect(page.getByRole('article', { name: 'GitHub' })).toBeVisible();
        await addEntriesThroughApi(page, request, person);
        await page.reload();
        await expect(page.getByRole('article', { name: 'Netflix' })).toBeVisible();

        // The list with a revealed password.
        const github = page.getByRole('article', { name: 'GitHub' });
        await github.getByRole('button', { name: 'Reveal password for GitHub' }).click();
        await masterPassword(page, run, person, null);
        await expect(github.getByText('weakpass')).toBeVisible();
        await audit(run, 'passwords');

        // Edit (after the master password) and delete confirmation.
        await github.getByRole('button', { name: 'Edit GitHub' }).click();
        await masterPassword(page, run, person, null);
        const editForm = dialogNamed(page, 'Edit Password');
        await expect(editForm.getByLabel('Title')).toHaveValue('GitHub');
        await audit(run, 'entry-form-edit', DIALOG);
        await closedWithEscape(page, editForm);
        await github.getByRole('button', { name: 'Delete GitHub' }).click();
        const confirm = page
          .getByRole('dialog')
          .filter({ hasText: 'Are you sure you want to delete this password?' });
        await expect(confirm).toBeVisible();
        await audit(run, 'delete-confirmation', DIALOG);
        await closedWithEscape(page, confirm);

        if (mobile) {
          await page.getByRole('button', { name: 'Open navigation menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
          await audit(run, 'drawer', '.MuiDrawer-root');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
          await audit(run, 'topbar-menu', 'header');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
        }

        await page.goto('/dashboard');
        await expect(page.getByLabel('Vault statistics')).toContainText('4');
        await expect(page.getByText('Netflix').first()).toBeVisible();
        await audit(run, 'dashboard');

        // Settings, every tab and its dialogs.
        await page.goto('/settings');
        await heading(page, 'Settings');
        await expect(page.getByLabel('Email', { exact: true })).toHaveValue(person.email);
        await audit(run, 'settings-profile');

        await openSettingsTab(page, 'Data');
        await expect(page.getByText('Data Overview')).toBeVisible();
        await audit(run, 'settings-data');
        await page.getByRole('button', { name: 'Export passwords' }).click();
        const transfer = dialogNamed(page, 'Export and Import Passwords');
        await expect(transfer.getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
        await audit(run, 'transfer-export', DIALOG);
        await transfer.getByRole('tab', { name: 'Import' }).click();
        await expect(transfer.getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
        await audit(run, 'transfer-import', DIALOG);
        await transfer.getByRole('button', { name: 'Close' }).click();
        await expect(transfer).toBeHidden();

        await openSettingsTab(page, 'Security');
        await audit(run, 'settings-security');
        await page.getByRole('button', { name: 'Enable 2FA' }).click();
        const setup = dialogNamed(page, 'Enable two-factor authentication');
        await expect(setup).toBeVisible();
        await audit(run, 'two-factor-setup-password', DIALOG);
        await setup.getByRole('textbox', { name: 'Account password' }).fill(person.password);
        await setup.getByRole('button', { name: 'Continue' }).click();
        const scan = dialogNamed(page, 'Set up your authenticator app');
        await expect(scan.getByRole('img', { name: /QR code/ })).toBeVisible();
        await audit(run, 'two-factor-setup-scan', DIALOG);
        const secret = ((await scan.locator('code').textContent()) ?? '').replace(/\s+/g, '');
        await scan.getByLabel('6-digit code').fill(totp(secret, new Date()));
        await scan.getByRole('button', { name: 'Verify and Enable' }).click();
        const codes = dialogNamed(page, 'Save your recovery codes');
        await expect(codes.getByLabel('Recovery codes')).toBeVisible();
        await audit(run, 'two-factor-setup-codes', DIALOG);
        await codes.getByRole('button', { name: 'I have saved these codes' }).click();
        await expect(codes).toBeHidden();
        // On a phone the toast sits at the foot of the screen, where Disable 2FA may be: dismissed first,
        // as a person would (the pointer resting on it keeps it). Its 4 s may run out while the pointer
        // travels to it, and then it leaves by itself: either way it is gone before Disable 2FA.
        const enabled = page.getByRole('status').filter({ hasText: 'Two-factor authentication enabled' });
        if (await enabled.isVisible()) {
          await enabled
            .getByRole('button', { name: 'Dismiss notification' })
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        }
        await expect(enabled).toBeHidden();
        await page.getByRole('button', { name: 'Disable 2FA' }).click();
        const disable = dialogNamed(page, 'Disable two-factor authentication');
        await expect(disable).toBeVisible();
        await audit(run, 'two-factor-disable', DIALOG);
        await closedWithEscape(page, disable);

        await openSettingsTab(page, 'Notifications');
        await audit(run, 'settings-notifications');

        await openSettingsTab(page, 'Danger Zone');
        await audit(run, 'settings-danger');
        await page.getByRole('button', { name: 'Delete Account' }).click();
        const deletion = dialogNamed(page, 'Delete account');
        await expect(deletion).toBeVisible();
        await audit(run, 'delete-account', DIALOG);
        await closedWithEscape(page, deletion);

        // Signed out again: the reset wizard, reached through its first step.
        await page.evaluate(() => window.localStorage.removeItem('token'));
        await page.goto('/forgot-password');
        await heading(page, 'Forgot your password?');
        await audit(run, 'forgot-password');
        const before = mailCount(person.email);
        await page.getByLabel('Email').fill(person.email);
        await page.getByRole('button', { name: 'Send Reset Code' }).click();
        await expect(page).toHaveURL(/\/forgot-password-otp$/);
        await heading(page, 'Enter your code');
        await audit(run, 'forgot-password-otp-code');
        await page.getByLabel('Reset code').fill(await nextCode(person.email, before));
        await page.getByRole('button', { name: 'Verify Code' }).click();
        await heading(page, 'Choose a new password');
        await page.getByLabel('New password', { exact: true }).fill('Orchard5&Compass');
        await audit(run, 'forgot-password-otp-new-password');

        expect(run.failures, run.failures.join('\n')).toEqual([]);
      });
    });
  }
}

test.describe('system preferences', () => {
  test.use({ viewport: { width: 375, height: 760 } });

  test('the colour scheme is followed until the user picks a theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
  });

  test('reduced motion turns the transitions off', async ({ page }) => {
    /** The longest transition of the opened top-bar menu (a MUI Collapse), in seconds. */
    const menuTransition = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const seconds = await page.locator('#mobile-menu').evaluate((el) =>
        Math.max(
          ...getComputedStyle(el)
            .transitionDuration.split(',')
            .map((part) => parseFloat(part)),
        ),
      );
      await page.getByRole('button', { name: 'Close menu' }).click();
      return seconds;
    };
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    expect(await menuTransition()).toBeGreaterThan(0.1);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await menuTransition()).toBeLessThan(0.01);
  });
});
