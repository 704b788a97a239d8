// Issue 15's access log in the browser, against the real server: a reveal shows up in Settings >
// Activity as "Revealed <title>" with the address and browser it came from, after the sign-in. axe runs
// on the Activity tab in both themes at 1280 and 375 px; the screens go to UNLOCK_SHOTS_DIR (default
// /tmp/unlock-shots).
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { newPerson, registerThroughApi, signIn } from './support/users';
import { addEntryThroughApi, enterMasterPassword } from './support/vault';
import { axeOn, shoot, useTheme } from './support/screens';

const SHOTS_DIR = process.env.UNLOCK_SHOTS_DIR || '/tmp/unlock-shots';
const WIDTHS = [1280, 375] as const;
const THEMES = ['light', 'dark'] as const;
const ENTRY = { title: 'Quarry Mail', password: 'Qm-4!granite-Path', website: 'https://mail.example.test' };

test.describe('access log', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a reveal is listed in Settings > Activity with the address it came from', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    const person = newPerson('Ivo');
    const token = await registerThroughApi(request, person);
    await addEntryThroughApi(request, token, person.masterPassword, ENTRY);
    await signIn(page, person);

    await page.goto('/passwords');
    const card = page.getByRole('article', { name: ENTRY.title });
    await card.getByRole('button', { name: `Reveal password for ${ENTRY.title}` }).click();
    await enterMasterPassword(page, person.masterPassword);
    await expect(card.getByText(ENTRY.password)).toBeVisible();

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\?tab=activity$/);
    const log = page.getByRole('list', { name: 'Account activity' });
    const lines = log.getByRole('listitem');
    // Newest first: the reveal, then the browser's sign-in.
    const reveal = lines.filter({ hasText: `Revealed ${ENTRY.title}` });
    await expect(reveal).toHaveCount(1);
    await expect(lines.first()).toContainText(`Revealed ${ENTRY.title}`);
    await expect(reveal).toContainText('127.0.0.1');
    await expect(reveal).toContainText('Chrome on Linux');
    await expect(reveal.locator('time')).toHaveText(/^(Now|1 minute ago)$/);
    const signedIn = lines.filter({ hasText: /^Signed in/ }).first();
    await expect(signedIn).toContainText('127.0.0.1');
    await expect(lines.filter({ hasText: 'by the administrator' })).toHaveCount(0);

    // Screenshots and axe: both widths, both themes.
    const panel = page.getByRole('tabpanel', { name: 'Activity' });
    const violations: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 760 : 800 });
      for (const theme of THEMES) {
        await useTheme(page, theme);
        await expect(reveal).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `Activity overflows at ${width} px`).toBeLessThanOrEqual(0);
        await shoot(page, panel, SHOTS_DIR, `activity-${theme}-${width}`);
        violations.push(
          ...(await axeOn(page, '[role="tabpanel"]')).map((line) => `[${theme} ${width}] ${line}`),
        );
      }
    }
    expect(violations).toEqual([]);
  });
});
