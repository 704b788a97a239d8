// The Passwords page's list as a person uses it (issue "Everyday use"), against the real server: the
// eye stays where it was when a password is revealed (its copy button appears in a place kept for it),
// the list can be ordered by name with favourites first and shown as compact rows, and a reload (the
// user's settings) brings it back as it was left. Cards and rows, in both themes at 1280 and 375 px:
// nothing wider than the window, axe finds nothing serious. Screens go to LIST_SHOTS_DIR (default
// /tmp/list-shots).
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { boxOf } from './support/geometry';
import { axeOn, shoot, THEMES, useTheme, WIDTHS } from './support/screens';
import { newPerson, registerThroughApi, signIn } from './support/users';
import { addEntryThroughApi, enterMasterPassword } from './support/vault';

const SHOTS_DIR = process.env.LIST_SHOTS_DIR || '/tmp/list-shots';

/** The titles of the list's entries, top to bottom. */
async function titlesInOrder(page: Page): Promise<(string | null)[]> {
  return page
    .getByRole('list', { name: 'Passwords' })
    .getByRole('article')
    .evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
}

/** Waits for the settings' save that a list control sends. */
function settingsSaved(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/user/settings') && response.request().method() === 'PUT',
  );
}

test.describe('the list of passwords', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the eye keeps its place; order, favourites first and compact rows are remembered; both themes and widths', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await page.addInitScript(() => {
      if (!window.localStorage.getItem('theme')) window.localStorage.setItem('theme', 'light');
    });
    const person = newPerson('Lena');
    const token = await registerThroughApi(request, person);
    // Added in this order: newest first is the reverse.
    for (const entry of [
      { title: 'Zeta mail', email: 'lena@example.test', website: 'mail.example.test', isFavorite: true },
      { title: 'Alpha bank', username: 'lena.k', website: 'https://bank.example.test/login' },
      { title: 'Mango shop', email: 'lena@example.test', isFavorite: true, category: 'shopping' },
      { title: 'Beta forum', username: 'lena77', website: 'forum.example.test', category: 'social' },
    ]) {
      await addEntryThroughApi(request, token, person.masterPassword, {
        password: `${entry.title.split(' ')[0]}-S3cret!2026`,
        ...entry,
      });
    }
    await signIn(page, person);
    await page.goto('/passwords');
    await expect(page.getByText('4 passwords')).toBeVisible();
    expect(await titlesInOrder(page)).toEqual(['Beta forum', 'Mango shop', 'Alpha bank', 'Zeta mail']);

    // Reveal: the eye is where it was and the card as tall; copy takes the place kept beside it.
    const card = page.getByRole('article', { name: 'Alpha bank' });
    const eye = await boxOf(card.getByRole('button', { name: 'Reveal password for Alpha bank' }));
    const cardBefore = await boxOf(card);
    await expect(card.getByRole('button', { name: 'Copy password for Alpha bank' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Reveal password for Alpha bank' }).click();
    await enterMasterPassword(page, person.masterPassword);
    await expect(card.getByText('Alpha-S3cret!2026')).toBeVisible();
    const hide = await boxOf(card.getByRole('button', { name: 'Hide password for Alpha bank' }));
    expect(Math.abs(hide.x - eye.x)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(hide.y - eye.y)).toBeLessThanOrEqual(0.5);
    expect(Math.abs((await boxOf(card)).height - cardBefore.height)).toBeLessThanOrEqual(0.5);
    const copy = await boxOf(card.getByRole('button', { name: 'Copy password for Alpha bank' }));
    expect(copy.x + copy.width).toBeLessThanOrEqual(hide.x);
    expect(Math.abs(copy.y - hide.y)).toBeLessThanOrEqual(0.5);
    await card.getByRole('button', { name: 'Hide password for Alpha bank' }).click();
    await expect(card.getByText('Alpha-S3cret!2026')).toHaveCount(0);

    // Order by name, then favourites first, then compact rows: each saved as it is chosen.
    let saved = settingsSaved(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Name (A–Z)' });
    await saved;
    await expect
      .poll(() => titlesInOrder(page))
      .toEqual(['Alpha bank', 'Beta forum', 'Mango shop', 'Zeta mail']);
    saved = settingsSaved(page);
    await page.getByRole('button', { name: 'Favorites first' }).click();
    await saved;
    await expect
      .poll(() => titlesInOrder(page))
      .toEqual(['Mango shop', 'Zeta mail', 'Alpha bank', 'Beta forum']);
    saved = settingsSaved(page);
    await page.getByRole('button', { name: 'Compact list' }).click();
    await saved;
    await expect(page.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');

    // A reload brings the list back as it was left: no flash of the default order first.
    const firstWindow = page.waitForRequest((request) => /\/api\/passwords\?/.test(request.url()));
    await page.reload();
    expect(new URL((await firstWindow).url()).searchParams.get('sort')).toBe('name');
    await expect(page.getByText('4 passwords')).toBeVisible();
    expect(await titlesInOrder(page)).toEqual(['Mango shop', 'Zeta mail', 'Alpha bank', 'Beta forum']);
    await expect(page.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Favorites first' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByLabel('Sort by')).toHaveValue('name');

    // A compact row's title opens the entry's details, as a card's does.
    await page.getByRole('button', { name: 'Show details for Beta forum' }).click();
    await expect(page.getByRole('dialog', { name: 'Beta forum' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Beta forum' })).toBeHidden();

    // Cards and rows in both themes at both widths: nothing overflows, axe finds nothing serious.
    const list = page.getByRole('list', { name: 'Passwords' });
    // The compact view is on after the reload, so the cards come first (each click then saves).
    for (const view of ['Cards', 'Compact list'] as const) {
      saved = settingsSaved(page);
      await page.getByRole('button', { name: view }).click();
      await saved;
      for (const theme of THEMES) {
        await useTheme(page, theme);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expect(list.getByRole('article')).toHaveCount(4);
          const where = `${view}, ${theme}, ${width} px`;
          // Once the layout has settled: the list measures its new width in a ResizeObserver callback,
          // a frame or more after the window changed size (longer on a slow machine).
          await expect
            .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
              message: `the page scrolls sideways (${where})`,
            })
            .toBeLessThanOrEqual(0);
          expect(await axeOn(page, 'main'), where).toEqual([]);
          const name = `${view === 'Cards' ? 'cards' : 'compact'}-${theme}-${width}`;
          await shoot(page, page.locator('main'), SHOTS_DIR, name);
        }
      }
    }
  });
});
