// Issue "Everyday use", the vault a person opens twenty times a day, against the real server: Resend on
// /verify-otp leaves the code field alone; Delete account names the wrong password beside its field
// before the final question; one attempt left reads "1 attempt"; import results with failed rows stay
// open; Escape on a changed form asks first. axe on each new view in both themes at 1280 and 375 px,
// screens in UX_SHOTS_DIR (default /tmp/ux-shots).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mailCount, nextCode } from './support/mailbox';
import { newPerson, registerThroughApi, signIn } from './support/users';
import { addEntryThroughApi, enterMasterPassword } from './support/vault';
import { auditEverywhere, axeOn, setWidth, shoot, THEMES, WIDTHS } from './support/screens';

const SHOTS_DIR = process.env.UX_SHOTS_DIR || '/tmp/ux-shots';

/** The theme toggle lives in the top bar, behind an open dialog: switch with the stored choice instead. */
async function auditDialog(page: Page, dialog: Locator, name: string): Promise<string[]> {
  const violations: string[] = [];
  for (const width of WIDTHS) {
    await setWidth(page, width);
    for (const theme of THEMES) {
      await page.evaluate((mode) => {
        document.documentElement.setAttribute('data-theme', mode);
      }, theme);
      await page.evaluate((mode) => window.localStorage.setItem('theme', mode), theme);
      await expect(dialog).toBeVisible();
      await shoot(page, dialog, SHOTS_DIR, `${name}-${theme}-${width}`);
      violations.push(...(await axeOn(page, '.MuiDialog-root')).map((line) => `[${theme} ${width}] ${line}`));
    }
  }
  await setWidth(page, 1280);
  return violations;
}

test.describe('everyday use', () => {
  test.use({ reducedMotion: 'reduce' });

  test.beforeEach(async ({ page }) => {
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await page.addInitScript(() => {
      if (!window.localStorage.getItem('theme')) window.localStorage.setItem('theme', 'light');
    });
  });

  test('Resend code leaves the empty code field as it was, and the new code confirms the account', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const person = newPerson('Resa');
    await page.goto('/register');
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Account password', { exact: true }).fill(person.password);
    await page.getByLabel('Master password', { exact: true }).fill(person.masterPassword);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/verify-otp$/);
    const first = await nextCode(person.email);
    const code = page.getByLabel('Verification code');
    await expect(code).toBeFocused();

    // The resend cooldown is the server's too: the minute passes for real.
    const resend = page.getByRole('button', { name: 'Resend code', exact: true });
    await expect(resend).toBeEnabled({ timeout: 70_000 });
    const before = mailCount(person.email);
    await resend.click();
    await expect(page.getByText('New verification code sent to your email!')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    // Untouched: empty, not in its error state, no message, and still where the new code goes.
    await expect(code).toHaveValue('');
    await expect(code).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText('Please enter a valid 6-digit OTP')).toHaveCount(0);
    await expect(code).toBeFocused();
    const card = page.getByRole('main');
    const violations = await auditEverywhere(page, card, 'main', 'verify-after-resend', {
      dir: SHOTS_DIR,
      overflow: false,
    });
    expect(violations).toEqual([]);

    const second = await nextCode(person.email, before);
    expect(second).not.toBe(first);
    await code.fill(second);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('one attempt left reads "1 attempt", in the field and in the warning', async ({ page, request }) => {
    test.setTimeout(120_000);
    const person = newPerson('Una');
    const token = await registerThroughApi(request, person);
    await addEntryThroughApi(request, token, person.masterPassword, {
      title: 'Mail',
      password: 'M4il!secret-1',
    });
    await signIn(page, person);
    await page.goto('/passwords');
    const card = page.getByRole('article', { name: 'Mail' });
    await card.getByRole('button', { name: 'Reveal password for Mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Master password required' });
    for (const wrong of ['Wrong!master-1', 'Wrong!master-2']) {
      await dialog.getByRole('textbox', { name: 'Master password' }).fill(wrong);
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await expect(dialog.getByText(/^Invalid master password\./)).toBeVisible();
    }
    await expect(dialog.getByText('Invalid master password. 1 attempt remaining.')).toBeVisible();
    await expect(
      dialog.getByText('1 attempt remaining. After 3 failed attempts you will be logged out.'),
    ).toBeVisible();
    await expect(page.getByText(/\b1 attempts\b/)).toHaveCount(0);
    const violations = await auditDialog(page, dialog, 'master-one-attempt');
    expect(violations).toEqual([]);
    // The right one resets the count.
    await enterMasterPassword(page, person.masterPassword);
    await expect(card.getByText('M4il!secret-1')).toBeVisible();
  });

  test('Delete account names the wrong password beside its field, keeps the other, and only then asks', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const person = newPerson('Dora');
    await registerThroughApi(request, person);
    await signIn(page, person);
    await page.goto('/settings?tab=danger');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' }).first();
    const account = dialog.getByRole('textbox', { name: 'Account password' });
    const master = dialog.getByRole('textbox', { name: 'Master password' });
    const submit = dialog.getByRole('button', { name: 'Delete Account' });
    const final = page.getByRole('dialog', {
      description: 'Are you absolutely sure? This action cannot be undone.',
    });

    // A wrong account password: named beside it, emptied; the master password stays as typed.
    await account.fill('Wrong!pass-123');
    await master.fill(person.masterPassword);
    await submit.click();
    await expect(dialog.getByText('Incorrect password')).toBeVisible();
    await expect(account).toHaveAttribute('aria-invalid', 'true');
    await expect(account).toHaveValue('');
    await expect(account).toBeFocused();
    await expect(master).toHaveValue(person.masterPassword);
    await expect(final).toHaveCount(0);
    const violations = await auditDialog(page, dialog, 'delete-account-wrong-password');

    // A wrong master password: named beside it with the attempts left; the account password stays.
    await account.fill(person.password);
    await master.fill('Wrong!master-9');
    await submit.click();
    await expect(dialog.getByText('Invalid master password. 2 attempts remaining.')).toBeVisible();
    await expect(master).toHaveAttribute('aria-invalid', 'true');
    await expect(master).toHaveValue('');
    await expect(account).toHaveValue(person.password);
    await expect(final).toHaveCount(0);
    violations.push(...(await auditDialog(page, dialog, 'delete-account-wrong-master')));
    expect(violations).toEqual([]);

    // Both right: now the final question, and the account is gone.
    await master.fill(person.masterPassword);
    await submit.click();
    await expect(final).toBeVisible();
    await final.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByText('Account deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const login = await request.post('/api/auth/login', {
      data: { email: person.email, password: person.password },
    });
    expect(login.status()).toBe(401);
  });

  test('import results with failed rows stay open until closed', async ({ page, request }) => {
    test.setTimeout(120_000);
    const person = newPerson('Imre');
    await registerThroughApi(request, person);
    await signIn(page, person);
    await page.goto('/settings?tab=data');
    await page.getByRole('button', { name: 'Import passwords' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export and Import Passwords' });
    const file = path.join(SHOTS_DIR, 'import-with-failures.csv');
    fs.writeFileSync(
      file,
      [
        'name,url,username,password',
        'Forum,https://forum.example.test,imre,F0rum!pass-1',
        'No password,https://nopass.example.test,imre,',
        'Also none,https://none.example.test,imre,',
        'Shop,https://shop.example.test,imre,Sh0p!pass-2',
        'Third none,https://third.example.test,imre,',
        'Fourth none,https://fourth.example.test,imre,',
      ].join('\n'),
    );
    await dialog.getByLabel('Choose file').setInputFiles(file);
    await dialog.getByRole('textbox', { name: 'Master password' }).fill(person.masterPassword);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const results = dialog.getByRole('region', { name: 'Import results' });
    await expect(results.getByTestId('import-imported')).toHaveText('2');
    await expect(results.getByText('Errors (4)')).toBeVisible();
    await expect(results.getByText('... and 1 more')).toBeVisible();
    // Well past the 2 s of a clean import, the errors are still there to read.
    await page.waitForTimeout(4_000);
    await expect(dialog).toBeVisible();
    await expect(results).toBeVisible();
    const violations = await auditDialog(page, dialog, 'import-results-failed-rows');
    expect(violations).toEqual([]);
    // The data is in: closing asks nothing.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toHaveCount(0);
  });

  test('Escape on a changed Add form asks "Discard changes?"; Keep editing keeps it; an untouched one just closes', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const person = newPerson('Esko');
    await registerThroughApi(request, person);
    await signIn(page, person);
    await page.goto('/passwords');
    const add = page.getByRole('main').getByRole('button', { name: 'Add Password' }).first();

    await add.click();
    const form = page.getByRole('dialog', { name: 'Add Password' });
    await expect(form).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await add.click();
    await form.getByLabel('Title').fill('Half-filled bank');
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    await expect(question).toBeVisible();
    await expect(question.getByText('What you entered in this form will be lost.')).toBeVisible();
    // The safe answer has the focus: Enter keeps editing.
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(form.getByLabel('Title')).toHaveValue('Half-filled bank');
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    const violations = await auditDialog(page, question, 'discard-changes');
    expect(violations).toEqual([]);
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();

    // A click beside the form asks too; Discard closes it.
    await page.mouse.click(5, 400);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form).toBeHidden();
    await add.click();
    await expect(form.getByLabel('Title')).toHaveValue('');
  });
});
