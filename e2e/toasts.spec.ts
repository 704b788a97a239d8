// Issue "Everyday use", toasts: a toast never covers what a person is about to press. At 1280 px it sits
// top right below the top bar (the name, the theme toggle and the page's Add Password stay clear) and
// beside an open dialog, never over its title bar, close button or buttons; at 375 px it sits at the foot
// of the screen, above a dialog's buttons. Still 4 s, paused while the pointer is on it. Screens are
// saved in UX_SHOTS_DIR (default /tmp/ux-shots).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPerson, registerThroughApi, signIn } from './support/users';
import { addEntryThroughApi } from './support/vault';
import { boxOf, expectClearOf } from './support/geometry';
import { setWidth, shootScreen, THEMES, useTheme, WIDTHS } from './support/screens';

const SHOTS_DIR = process.env.UX_SHOTS_DIR || '/tmp/ux-shots';
const CSV = 'name,url,username,password\nForum,https://forum.example.test,ada,F0rum!pass-1\n';

const toast = (page: Page, text: string) =>
  page.locator('.pv-toasts').getByRole('status').filter({ hasText: text });

/** The top bar's controls and the page's own Add Password button. */
function topControls(page: Page): Record<string, Locator> {
  const bar = page.getByRole('banner');
  return {
    'the top bar': bar,
    'the theme toggle': bar.getByRole('button', { name: /^Switch to (light|dark) theme$/ }),
    "the page's Add Password": page.getByRole('main').getByRole('button', { name: 'Add Password' }).first(),
    'the filters': page.getByRole('main').getByRole('search'),
  };
}

test.describe('toasts cover nothing a person is about to press', () => {
  test.use({ reducedMotion: 'reduce' });

  test('below the top bar and beside or below an open dialog, at 1280 and 375 px, in both themes', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    const person = newPerson('Toast');
    const token = await registerThroughApi(request, person);
    await addEntryThroughApi(request, token, person.masterPassword, {
      title: 'Forge',
      password: 'F0rge!pass-2026',
      website: 'https://forge.example.test',
    });
    await signIn(page, person);

    for (const width of WIDTHS) {
      await setWidth(page, width);
      for (const theme of THEMES) {
        await page.goto('/passwords');
        const card = page.getByRole('article', { name: 'Forge' });
        await expect(card).toBeVisible();
        await useTheme(page, theme);
        const favorite = card.getByRole('button', { name: /^(Add Forge to|Remove Forge from) favorites$/ });
        await favorite.click();
        const shown = toast(page, 'favorites');
        await expect(shown).toBeVisible();
        const header = await boxOf(page.getByRole('banner'));
        const box = await boxOf(shown);
        expect(box.y, 'the toast starts below the top bar').toBeGreaterThanOrEqual(header.y + header.height);
        if (width < 768) {
          expect(box.y + box.height, 'on a phone, at the foot of the screen').toBeGreaterThan(760 - 80);
        } else {
          expect(box.x + box.width, 'top right').toBeGreaterThan(width - 40);
        }
        await expectClearOf(shown, topControls(page));
        await shootScreen(page, SHOTS_DIR, `toast-page-${theme}-${width}`);

        // The entry form open: Generate says so in a toast, clear of the form's title bar and buttons.
        await page.getByRole('main').getByRole('button', { name: 'Add Password' }).first().click();
        const form = page.getByRole('dialog', { name: 'Add Password' });
        await form.getByRole('button', { name: 'Generate' }).click();
        const generated = toast(page, 'Password generated');
        await expect(generated).toBeVisible();
        await expectClearOf(generated, {
          'the title bar': form.locator('.MuiDialogTitle-root'),
          'the buttons': form.locator('.MuiDialogActions-root button'),
        });
        await shootScreen(page, SHOTS_DIR, `toast-form-${theme}-${width}`);
        await form.getByRole('button', { name: 'Cancel' }).click();
        await expect(form).toBeHidden();
      }
    }

    // The export/import dialog has a close button in its title bar: a click there closes the dialog.
    for (const width of WIDTHS) {
      await setWidth(page, width);
      await page.goto('/settings?tab=data');
      await page.getByRole('button', { name: 'Import passwords' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export and Import Passwords' });
      const file = path.join(SHOTS_DIR, 'toasts-import.csv');
      fs.writeFileSync(file, CSV);
      await dialog.getByLabel('Choose file').setInputFiles(file);
      const loaded = toast(page, 'File loaded: toasts-import.csv');
      await expect(loaded).toBeVisible();
      const close = dialog.getByRole('button', { name: 'Close' });
      await expectClearOf(loaded, {
        'the title bar': dialog.locator('.MuiDialogTitle-root'),
        'the close button': close,
        'the tabs': dialog.getByRole('tab'),
        'the buttons': dialog.locator('.MuiDialogActions-root button'),
      });
      // What is under the close button's middle is the close button.
      const closeBox = await boxOf(close);
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null,
        { x: closeBox.x + closeBox.width / 2, y: closeBox.y + closeBox.height / 2 },
      );
      expect(hit).toBe('Close');
      await shootScreen(page, SHOTS_DIR, `toast-transfer-light-${width}`);
      await close.click();
      // The file was loaded (a change): closing with its own button needs no question.
      await expect(dialog).toBeHidden();
    }
  });

  test('on a phone, a wrong master password is said in a toast that leaves the dialog readable', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const person = newPerson('Phone');
    const token = await registerThroughApi(request, person);
    await addEntryThroughApi(request, token, person.masterPassword, {
      title: 'Forge',
      password: 'F0rge!pass-2026',
    });
    await signIn(page, person);
    await setWidth(page, 375);
    await page.goto('/passwords');
    await page.getByRole('button', { name: 'Reveal password for Forge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Master password required' });
    for (const wrong of ['Wrong!master-1', 'Wrong!master-2']) {
      await dialog.getByRole('textbox', { name: 'Master password' }).fill(wrong);
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await expect(dialog.getByText(/^Invalid master password\./)).toBeVisible();
    }
    const said = page.locator('.pv-toasts').getByRole('alert').filter({ hasText: '1 attempt remaining' });
    await expect(said).toBeVisible();
    for (const shown of await page.locator('.pv-toasts').getByRole('alert').all()) {
      await expectClearOf(shown, {
        'the title bar': dialog.locator('.MuiDialogTitle-root'),
        'the warning': dialog.getByRole('alert'),
        'the field': dialog.getByRole('textbox', { name: 'Master password' }),
        'the buttons': dialog.locator('.MuiDialogActions-root button'),
      });
    }
    await shootScreen(page, SHOTS_DIR, 'toast-master-dialog-light-375');
  });

  test('a toast lasts 4 s, and stays while the pointer rests on it', async ({ page, request }) => {
    test.setTimeout(90_000);
    const person = newPerson('Hover');
    const token = await registerThroughApi(request, person);
    await addEntryThroughApi(request, token, person.masterPassword, {
      title: 'Forge',
      password: 'F0rge!pass-2026',
    });
    await signIn(page, person);
    await page.goto('/passwords');
    const favorite = page.getByRole('button', { name: 'Add Forge to favorites' });

    await favorite.click();
    const first = toast(page, 'Added to favorites');
    await expect(first).toBeVisible();
    const shownAt = Date.now();
    await expect(first).toBeHidden({ timeout: 8_000 });
    const lasted = Date.now() - shownAt;
    expect(lasted).toBeGreaterThan(3_500);
    expect(lasted).toBeLessThan(6_500);

    await page.getByRole('button', { name: 'Remove Forge from favorites' }).click();
    const second = toast(page, 'Removed from favorites');
    await expect(second).toBeVisible();
    await second.hover();
    await page.waitForTimeout(6_000);
    await expect(second).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(second).toBeHidden({ timeout: 8_000 });
  });
});
