// A vault far larger than one window of the list: the page shows the whole count at once, loads the
// windows the list shows as it scrolls (by their place: a jump to the end loads the end, not the windows
// on the way), and the oldest entry is reachable at the end; search finds it directly.
import { expect, test } from '@playwright/test';
import { LIST_WINDOW_SIZE } from '../src/common/limits';
import { newPerson, registerThroughApi, signIn } from './support/users';

const ENTRIES = LIST_WINDOW_SIZE * 12 + 37;

test('a vault of 1,237 entries scrolls to its last entry, and search finds it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const person = newPerson('Lin');
  const token = await registerThroughApi(request, person);
  // Entry 0 is the oldest: the list (newest first) ends with it.
  const start = Date.UTC(2025, 0, 1);
  const passwords = Array.from({ length: ENTRIES }, (_, i) => ({
    title: `Entry ${i}`,
    username: `user${i}`,
    password: `Secret-${i}!`,
    website: `https://site-${i}.example`,
    createdAt: new Date(start + i * 60_000).toISOString(),
  }));
  const imported = await request.post('/api/utility/import', {
    headers: { authorization: `Bearer ${token}` },
    data: { masterPassword: person.masterPassword, data: JSON.stringify({ passwords }), format: 'json' },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await signIn(page, person);
  const windows: string[] = [];
  page.on('request', (sent) => {
    if (/\/api\/passwords\?/.test(sent.url())) windows.push(sent.url());
  });
  await page.goto('/passwords');
  await expect(page.getByRole('status').filter({ hasText: '1,237 passwords' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Entry ${ENTRIES - 1}` })).toBeVisible();
  // The list knows its full length from the first answer, and asked for one window only.
  await expect(page.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(ENTRIES));
  expect(windows).toHaveLength(1);

  // To the end: the last window loads, and the oldest entry is on screen.
  const last = page.getByRole('article', { name: 'Entry 0', exact: true });
  await page.mouse.move(700, 500);
  await expect(async () => {
    await page.keyboard.press('End');
    await page.mouse.wheel(0, 100_000);
    await expect(last).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  expect(windows.some((url) => url.includes(`offset=${LIST_WINDOW_SIZE * 12}`))).toBe(true);
  expect(windows.length).toBeLessThan(12);
  const cards = await page.getByRole('article').count();
  expect(cards).toBeLessThan(200);

  // Back up by wheel steps: the windows above arrive as the list nears them, their cards taller than
  // the placeholders were (these carry health notes), and the card at the top of the view moves up the
  // list steadily, never thrown back down it.
  const topCard = () =>
    page.evaluate(() => {
      const items = [...document.querySelectorAll('[role=listitem]')].filter(
        (item) => item.getBoundingClientRect().top >= 0,
      );
      items.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      return Number(items[0]?.getAttribute('aria-posinset'));
    });
  let top = await topCard();
  for (let step = 0; step < 12; step += 1) {
    await page.mouse.wheel(0, -1000);
    await page.waitForTimeout(250);
    const next = await topCard();
    expect(next).toBeLessThan(top);
    expect(top - next).toBeLessThan(30);
    top = next;
  }

  // Search reaches the same entry without scrolling.
  await page.keyboard.press('Home');
  await page.getByRole('searchbox', { name: 'Search passwords' }).fill('user0');
  await expect(page.getByRole('status').filter({ hasText: /^1 password$/ })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Entry 0', exact: true })).toBeVisible();

  // A reload keeps the page working, from the first window again.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /passwords?$/ })).toBeVisible();
});
