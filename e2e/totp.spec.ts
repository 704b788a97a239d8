// Issue 13 in the browser: an entry with an authenticator key (TOTP) and custom fields, added through the
// form, revealed with the master password. The code the card shows is checked against RFC 6238 computed
// here with node:crypto (e2e/support/totp.ts), not with the app's code. The revealed card is saved as
// screenshots in both themes at 1280 and 375 px (TOTP_SHOTS_DIR, default /tmp/totp-shots).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { timeStep, totpAtStep } from './support/totp';
import { signedInPerson } from './support/users';
import { enterMasterPassword } from './support/vault';
import { axeOn, shoot } from './support/screens';

const SHOTS_DIR = process.env.TOTP_SHOTS_DIR || '/tmp/totp-shots';
const SECRET = 'JBSWY3DPEHPK3PXP';
const TOTP_URI = `otpauth://totp/ACME:alice@example.com?secret=${SECRET}&issuer=ACME`;
const TITLE = 'ACME';

/** The codes an authenticator app may show between two instants: each step's, with one step either side. */
function acceptableCodes(fromMs: number, toMs: number): string[] {
  const codes: string[] = [];
  for (let step = timeStep(fromMs) - 1; step <= timeStep(toMs) + 1; step += 1) {
    codes.push(totpAtStep(SECRET, step));
  }
  return codes;
}

/** The row of the code: its text is 'One-time code: 123 456' (the label is for screen readers). */
const CODE_ROW = /One-time code: \d{3} \d{3}$/;

async function shownCode(card: Locator): Promise<string> {
  const text = (await card.getByText(CODE_ROW).textContent()) ?? '';
  return (/(\d{3}) (\d{3})$/.exec(text) ?? []).slice(1).join('');
}

test.describe('TOTP codes and custom fields', () => {
  test.use({ reducedMotion: 'reduce' });

  test('add an entry with an otpauth link and fields, reveal its live code, copy it, hide it', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    const person = await signedInPerson(page, request, 'Otto');
    await page.goto('/passwords');

    // The form: the key typed masked, two custom fields, one of them hidden.
    await page.getByRole('button', { name: 'Add Password' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Password' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Email or username').fill('alice@example.com');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Acme7!portal-key');
    await form.getByLabel('Website').fill('https://acme.example.test');
    const key = form.getByLabel('Authenticator key (TOTP)');
    await expect(key).toHaveAttribute('type', 'password');
    await key.fill(TOTP_URI);
    await form.getByRole('button', { name: 'Add field' }).click();
    const first = form.getByRole('group', { name: 'Custom field 1' });
    await expect(first.getByLabel('Name', { exact: true })).toBeFocused();
    await first.getByLabel('Name', { exact: true }).fill('Customer number');
    await first.getByLabel('Value', { exact: true }).fill('C-7781');
    await form.getByRole('button', { name: 'Add field' }).click();
    const second = form.getByRole('group', { name: 'Custom field 2' });
    await second.getByLabel('Name', { exact: true }).fill('PIN');
    await second.getByRole('checkbox', { name: 'Hidden' }).check();
    await second.getByLabel('Value', { exact: true }).fill('0042');
    await form.getByRole('button', { name: 'Save' }).click();
    await enterMasterPassword(page, person.masterPassword);
    await expect(page.getByText('Password created successfully').first()).toBeVisible();

    // Before the reveal: the card says there is a code, shows the open field, and only the hidden one's name.
    const card = page.getByRole('article', { name: TITLE });
    await expect(card.getByText('••• •••')).toBeVisible();
    await expect(card.getByText('C-7781')).toBeVisible();
    await expect(card.getByText('PIN:', { exact: true })).toBeVisible();
    await expect(card.getByText('0042')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Copy one-time code for ACME' })).toHaveCount(0);
    await shoot(page, card, SHOTS_DIR, 'card-masked-light-1280');

    // Revealed: a 6-digit code that an authenticator app computes for this moment, and its countdown.
    await card.getByRole('button', { name: `Reveal password for ${TITLE}` }).click();
    await enterMasterPassword(page, person.masterPassword);
    await expect(card.getByText('Acme7!portal-key')).toBeVisible();
    const before = Date.now();
    const code = await shownCode(card);
    expect(code).toMatch(/^\d{6}$/);
    expect(acceptableCodes(before, Date.now())).toContain(code);
    // Exactly the current step's code, unless the step turned while we read it.
    if (timeStep(before) === timeStep()) expect(code).toBe(totpAtStep(SECRET, timeStep(before)));
    const countdown = card.getByRole('progressbar', { name: 'Seconds until a new code' });
    await expect(countdown).toHaveAttribute('aria-valuemax', '30');
    const left = Number(await countdown.getAttribute('aria-valuenow'));
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(30);
    // The countdown is the RFC step's own: what is left of the 30 s, give or take a second of reading.
    const expectedLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
    expect(Math.abs(left - expectedLeft) <= 1 || Math.abs(left - expectedLeft) >= 29).toBe(true);

    // Copy puts the code of the moment on the clipboard.
    const copyFrom = Date.now();
    await card.getByRole('button', { name: 'Copy one-time code for ACME' }).click();
    await expect(page.getByText('One-time code copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^\d{6}$/);
    expect(acceptableCodes(copyFrom, Date.now())).toContain(copied);

    // The code follows the clock: at the next step it is the next step's code.
    const next = totpAtStep(SECRET, timeStep() + 1);
    await expect.poll(() => shownCode(card), { timeout: 35_000, intervals: [250] }).toBe(next);

    // The hidden field: masked after the reveal too, with its own show.
    await card.getByRole('button', { name: 'Show PIN field for ACME' }).click();
    await expect(card.getByText('0042')).toBeVisible();
    await card.getByRole('button', { name: 'Hide PIN field for ACME' }).click();
    await expect(card.getByText('0042')).toHaveCount(0);

    // Screenshots of the revealed card: 1280 and 375 px, light and dark; axe finds nothing serious.
    const violations: string[] = [];
    const articleSelector = `article[aria-label="${TITLE}"]`;
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width < 768 ? 760 : 800 });
      for (const theme of ['light', 'dark'] as const) {
        const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
        if (await toggle.isVisible()) await toggle.click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(card.getByRole('progressbar')).toBeVisible();
        // The whole code is on screen, never cut short with an ellipsis.
        const cut = await card.getByText(CODE_ROW).evaluate((row) => row.scrollWidth > row.clientWidth);
        expect(cut, `code cut short at ${width} px`).toBe(false);
        await shoot(page, card, SHOTS_DIR, `card-revealed-${theme}-${width}`);
        violations.push(...(await axeOn(page, articleSelector)).map((line) => `[${theme} ${width}] ${line}`));
      }
    }
    expect(violations).toEqual([]);

    // Hide: the code, its countdown and its copy button go; the card says there is a code again.
    await card.getByRole('button', { name: `Hide password for ${TITLE}` }).click();
    await expect(card.getByText(CODE_ROW)).toHaveCount(0);
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Copy one-time code for ACME' })).toHaveCount(0);
    await expect(card.getByText('••• •••')).toBeVisible();
  });

  test('the entry form at 375 and 1280 px: the key and the custom fields fit, an invalid key is named', async ({
    page,
    request,
  }) => {
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await page.setViewportSize({ width: 375, height: 760 });
    await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    await signedInPerson(page, request, 'Olga');
    await page.goto('/passwords');
    await page.getByRole('button', { name: 'Add Password' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Password' });
    const key = form.getByLabel('Authenticator key (TOTP)');
    await key.fill('otpauth://hotp/ACME:alice?secret=JBSWY3DPEHPK3PXP&counter=1');
    await key.blur();
    await expect(form.getByText('Only time-based codes (otpauth://totp/) are supported')).toBeVisible();
    await shoot(page, form, SHOTS_DIR, 'form-key-error-light-375');
    await key.fill(TOTP_URI);
    await form.getByRole('button', { name: 'Add field' }).click();
    const first = form.getByRole('group', { name: 'Custom field 1' });
    await first.getByLabel('Name', { exact: true }).fill('Security question');
    await first.getByRole('checkbox', { name: 'Hidden' }).check();
    await first.getByLabel('Value', { exact: true }).fill('Blue');
    await form.getByRole('button', { name: 'Add field' }).click();
    const second = form.getByRole('group', { name: 'Custom field 2' });
    await second.getByLabel('Name', { exact: true }).fill('Account');
    await second.getByLabel('Value', { exact: true }).fill('8812-44');
    await second.scrollIntoViewIfNeeded();
    // Nothing is wider than the screen.
    const overflow = await form.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.mouse.move(0, 0);
    await page.screenshot({
      path: path.join(SHOTS_DIR, 'form-fields-light-375.png'),
      animations: 'disabled',
    });

    // On a wide screen a field is one line: name, value, Hidden, remove.
    await page.setViewportSize({ width: 1280, height: 800 });
    await second.scrollIntoViewIfNeeded();
    const name = await second.getByLabel('Name', { exact: true }).boundingBox();
    const value = await second.getByLabel('Value', { exact: true }).boundingBox();
    expect(Math.abs((name?.y ?? 0) - (value?.y ?? 100))).toBeLessThan(4);
    await page.mouse.move(0, 0);
    await page.screenshot({
      path: path.join(SHOTS_DIR, 'form-fields-light-1280.png'),
      animations: 'disabled',
    });
  });
});
