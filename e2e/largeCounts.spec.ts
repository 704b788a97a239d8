// A vault of 100,000 entries has counts of seven characters ("100,000"): on the dashboard and in the
// Data Overview each must be written in full inside its card, at a phone's width, the width where the
// sidebar first shows, and a desktop's. The server's real answers are read and only their counts are
// raised (filling a vault of 100,000 entries for a layout check would cost the suite a minute).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { setWidth } from './support/screens';
import { signedInPerson } from './support/users';

const LARGE = 100_000;
const WRITTEN = '100,000';
const WIDTHS = [375, 900, 1280];

/** Answers `pattern` with the server's own answer, its counts raised by `raise`. */
async function raiseCounts(page: Page, pattern: string, raise: (body: Record<string, unknown>) => void) {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    raise(body);
    await route.fulfill({ response, json: body });
  });
}

/** Where the text of `element` ends on screen (a range's box: the text itself, not its block). */
const textRightOf = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return range.getBoundingClientRect().right;
  });

/**
 * The element shows `text` whole, at a readable size (14 px or more): nothing cut off, and clear of
 * `card`'s edge, as is the card's `label`.
 */
async function expectWhole(element: Locator, card: Locator, text: string, label?: Locator) {
  await expect(element).toHaveText(text);
  const size = await element.evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
  expect(size, `${text} is written at ${size} px`).toBeGreaterThanOrEqual(14);
  const fits = await element.evaluate((node) => node.scrollWidth <= node.clientWidth);
  expect(fits, `${text} overflows its box`).toBe(true);
  const [inner, outer] = await Promise.all([element.boundingBox(), card.boundingBox()]);
  expect(inner && outer).toBeTruthy();
  if (!inner || !outer) return;
  // Clear of the card's edge by at least its narrowest padding (8 px), not only inside its border.
  const edge = outer.x + outer.width - 8;
  expect(await textRightOf(element), `${text} reaches its card's edge`).toBeLessThanOrEqual(edge);
  if (label) {
    const name = await label.textContent();
    expect(await textRightOf(label), `the label ${name} reaches its card's edge`).toBeLessThanOrEqual(edge);
    const cut = await label.evaluate((node) => node.scrollWidth > node.clientWidth);
    expect(cut, `the label ${name} is cut`).toBe(false);
  }
}

test('counts of 100,000 are written whole on the dashboard and in the Data Overview', async ({
  page,
  request,
}) => {
  await signedInPerson(page, request, 'Kofi');
  await raiseCounts(page, '**/api/passwords/stats', (body) => {
    body.data = { total: LARGE, favorites: LARGE, categories: { work: LARGE } };
  });
  await raiseCounts(page, '**/api/passwords/health', (body) => {
    body.data = { total: LARGE, weak: LARGE, reused: LARGE, old: LARGE };
  });
  await raiseCounts(page, '**/api/user/settings', (body) => {
    const settings = body.settings as Record<string, number>;
    settings.totalPasswords = LARGE;
    settings.favoritePasswords = LARGE;
    settings.totalTags = LARGE;
  });

  for (const width of WIDTHS) {
    await setWidth(page, width);
    await page.goto('/dashboard');
    const stats = page.getByRole('region', { name: 'Vault statistics' });
    const statTexts = {
      'Total Passwords': WRITTEN,
      Favorites: WRITTEN,
      Categories: '1',
      'Security Score': '85%',
    };
    for (const [label, text] of Object.entries(statTexts)) {
      const heading = stats.getByRole('heading', { name: label });
      const card = heading.locator('xpath=ancestor::div[contains(@class, "MuiCard-root")][1]');
      await expectWhole(heading.locator('xpath=following-sibling::p'), card, text, heading);
    }
    const health = page.getByRole('region', { name: 'Password health' });
    for (const label of ['Weak', 'Reused', 'Old']) {
      const card = health.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label }) });
      await expectWhole(card.locator('p').first(), card, WRITTEN, card.getByRole('heading', { name: label }));
    }

    await page.goto('/settings?tab=data');
    const overview = page.getByRole('region', { name: 'Data Overview' });
    for (const label of ['Total Passwords', 'Favorites', 'Tags']) {
      const term = overview.getByText(label, { exact: true });
      const box = term.locator('xpath=..');
      await expectWhole(box.locator('dd'), box, WRITTEN, term);
    }
  }
});
