// The entry detail panel (issue "Everyday use"), against the real server: a person opens an entry's
// details from its card's title, follows its website to a new tab, reveals the password and notes with
// the master password, copies the password, closes the panel and finds the card revealed too. The panel
// is a side sheet under the top bar at 1280 px and fills the screen at 375 px; in both themes and at both
// widths nothing overflows and axe finds nothing serious. Screens go to DETAILS_SHOTS_DIR (default
// /tmp/details-shots).
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeOn, setWidth, shoot, THEMES, useTheme, WIDTHS } from './support/screens';
import { newPerson, registerThroughApi, signIn } from './support/users';
import { addEntryThroughApi, enterMasterPassword } from './support/vault';

const SHOTS_DIR = process.env.DETAILS_SHOTS_DIR || '/tmp/details-shots';
const PASSWORD = 'Gh-S3cret!pass-2026';
const NOTES = 'Recovery codes:\n  1234-5678\n  9999-0000';
const LONG_TITLE =
  'The Municipal Library of Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, members area';
const LONG_SITE =
  'https://accounts.library.example.test/members/sign-in/continue?return=%2Fcatalogue%2Fsearch%3Fq%3Dvery-long-query';

const dialogSelector = '[role="dialog"]';

/** Opens an entry's details from its card's title, as a person does. */
async function openDetails(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `Show details for ${title}` }).click();
  const panel = page.getByRole('dialog', { name: title });
  await expect(panel).toBeVisible();
  return panel;
}

async function closeWithEscape(page: Page, panel: Locator, title: string): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // The focus is back on what opened it.
  await expect(page.getByRole('button', { name: `Show details for ${title}` })).toBeFocused();
}

/** Nothing in the panel, nor the page, is wider than the window. */
async function expectNoOverflow(page: Page, panel: Locator, where: string): Promise<void> {
  const inside = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(inside, `the panel scrolls sideways ${where}`).toBeLessThanOrEqual(0);
  const pageWide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(pageWide, `the page scrolls sideways ${where}`).toBeLessThanOrEqual(0);
}

test.describe('the entry detail panel', () => {
  test.use({ reducedMotion: 'reduce' });

  test('open an entry from its card, follow its website, reveal, copy and close; both themes, both widths', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      if (!window.localStorage.getItem('theme')) window.localStorage.setItem('theme', 'light');
    });
    // The website's own page, served here: the journey does not depend on the internet.
    await context.route('https://github.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>GitHub stand-in</title><p>GitHub</p>' }),
    );
    const person = newPerson('Dora');
    const token = await registerThroughApi(request, person);
    const add = (entry: Parameters<typeof addEntryThroughApi>[3]) =>
      addEntryThroughApi(request, token, person.masterPassword, entry);
    await add({
      title: 'GitHub',
      email: 'dora@example.test',
      website: 'github.com',
      category: 'work',
      isFavorite: true,
      tags: ['dev', 'open source'],
      password: PASSWORD,
      notes: NOTES,
      fields: [
        { name: 'Team', value: 'octo-team', hidden: false },
        { name: 'Recovery PIN', value: '0042', hidden: true },
      ],
    });
    await add({ title: 'Old forum', username: 'dora77', website: 'javascript:alert(1)', password: 'abc123' });
    await add({
      title: LONG_TITLE,
      email: 'dora@example.test',
      website: LONG_SITE,
      password: 'L1brary!card-77',
    });
    await signIn(page, person);
    await page.goto('/passwords');

    // Before the master password: what the list carries, the secrets masked.
    let panel = await openDetails(page, 'GitHub');
    await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(panel.getByRole('heading', { level: 2, name: 'GitHub' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByText('open source')).toBeVisible();
    await expect(panel.getByText('octo-team')).toBeVisible();
    await expect(panel.getByText(PASSWORD)).toHaveCount(0);
    await expect(panel.getByText('1234-5678')).toHaveCount(0);

    // A side sheet on the right, below the top bar, which stays in sight.
    const sheet = await panel.boundingBox();
    const topBar = await page.locator('header.MuiAppBar-root').boundingBox();
    expect(sheet && topBar).toBeTruthy();
    if (sheet && topBar) {
      const windowWidth = await page.evaluate(() => document.documentElement.clientWidth);
      expect(Math.abs(sheet.x + sheet.width - windowWidth)).toBeLessThanOrEqual(1);
      expect(sheet.width).toBeGreaterThanOrEqual(400);
      expect(sheet.width).toBeLessThanOrEqual(480);
      expect(sheet.y).toBeGreaterThanOrEqual(topBar.y + topBar.height - 1);
    }
    await shoot(page, panel, SHOTS_DIR, 'details-masked-light-1280');
    // The whole window: the top bar above the sheet, the page dimmed beside it.
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS_DIR}/details-window-light-1280.png`, animations: 'disabled' });

    // The website: a real link, to a new tab that cannot reach back to the vault.
    const link = panel.getByRole('link', { name: /^github\.com/ });
    await expect(link).toHaveAttribute('href', 'https://github.com/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://github.com/');
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    await page.bringToFront();

    // Reveal with the master password: password, notes, the hidden field (masked until shown).
    await panel.getByRole('button', { name: 'Show password and notes' }).click();
    await enterMasterPassword(page, person.masterPassword);
    await expect(panel.getByText(PASSWORD)).toBeVisible();
    await expect(panel.getByText('Recovery codes:')).toBeVisible();
    expect(
      await panel.getByText('Recovery codes:').evaluate((notes) => (notes as HTMLElement).innerText),
    ).toBe(NOTES);
    await expect(panel.getByText('0042')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Show Recovery PIN field' }).click();
    await expect(panel.getByText('0042')).toBeVisible();
    await panel.getByRole('button', { name: 'Copy password' }).click();
    await expect(page.getByText('Password copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PASSWORD);

    // Closed, the card shows the reveal too, and the focus is back on the card's title.
    await closeWithEscape(page, panel, 'GitHub');
    const card = page.getByRole('article', { name: 'GitHub' });
    await expect(card.getByText(PASSWORD)).toBeVisible();

    // Every theme and width, revealed: a full-screen dialog on the phone; no overflow; axe.
    const violations: string[] = [];
    for (const width of WIDTHS) {
      await setWidth(page, width);
      for (const theme of THEMES) {
        await useTheme(page, theme);
        panel = await openDetails(page, 'GitHub');
        await expect(panel.getByText(PASSWORD)).toBeVisible();
        if (width < 768) {
          const box = await panel.boundingBox();
          expect(box?.width).toBeCloseTo(width, 0);
          expect(box?.height).toBeCloseTo(760, 0);
        }
        // Scrolled to its end, the panel still shows its title and Close.
        await panel.getByRole('button', { name: 'Activity of this entry' }).scrollIntoViewIfNeeded();
        await expect(panel.getByRole('button', { name: 'Close details' })).toBeInViewport();
        await expect(panel.getByRole('heading', { level: 2, name: 'GitHub' })).toBeInViewport();
        await expectNoOverflow(page, panel, `at ${width} px in the ${theme} theme`);
        await shoot(page, panel, SHOTS_DIR, `details-revealed-${theme}-${width}`);
        violations.push(...(await axeOn(page, dialogSelector)).map((line) => `[${theme} ${width}] ${line}`));
        await closeWithEscape(page, panel, 'GitHub');
      }
    }

    // A long title and address wrap inside the panel, at both widths.
    for (const width of WIDTHS) {
      await setWidth(page, width);
      panel = await openDetails(page, LONG_TITLE);
      const heading = panel.getByRole('heading', { level: 2 });
      const lines = await heading.evaluate(
        (element) =>
          element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
      );
      expect(lines).toBeGreaterThan(1.5);
      await expect(panel.getByRole('link', { name: new RegExp(`^${LONG_SITE.slice(0, 30)}`) })).toBeVisible();
      await expectNoOverflow(page, panel, `with a long title at ${width} px`);
      await shoot(page, panel, SHOTS_DIR, `details-long-dark-${width}`);
      violations.push(...(await axeOn(page, dialogSelector)).map((line) => `[long ${width}] ${line}`));
      await closeWithEscape(page, panel, LONG_TITLE);
    }
    expect(violations).toEqual([]);

    // A website that is not an http(s) address is text, never a link.
    await setWidth(page, 1280);
    await useTheme(page, 'light');
    panel = await openDetails(page, 'Old forum');
    await expect(panel.getByText('javascript:alert(1)')).toBeVisible();
    await expect(panel.getByRole('link')).toHaveCount(0);
    await expect(panel.locator('[href]')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Close details' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show details for Old forum' })).toBeFocused();

    // Hiding from the card hides the panel's secrets too.
    await card.getByRole('button', { name: 'Hide password for GitHub' }).click();
    panel = await openDetails(page, 'GitHub');
    await expect(panel.getByText(PASSWORD)).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Show password and notes' })).toBeVisible();
  });
});
