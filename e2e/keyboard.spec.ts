// Issue 7, "usable by everyone": the whole journey with the keyboard only (no clicks): register, verify,
// add an entry, reveal it, search, export. Every Tab stop must show where the focus is; dialogs take the
// focus when they open and give it back to what opened them; the drawer and the top-bar menu close with Escape.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { nextCode } from './support/mailbox';
import { newPerson } from './support/users';

/** How the focused element shows its focus, or null when nothing visible marks it. */
async function focusIndicator(page: Page): Promise<{ element: string; indicator: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { element: 'body', indicator: null };
    const element = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(
      el.getAttribute('aria-label') ??
      el.textContent ??
      ''
    )
      .trim()
      .slice(0, 40)}"`;
    // Checkboxes, radios and switches: the real input is transparent; the box around it (or its icon)
    // carries the ring.
    const hidden = getComputedStyle(el).opacity === '0' && el.parentElement;
    const candidates = hidden ? [el.parentElement, el.parentElement.querySelector('svg')] : [el];
    for (const candidate of candidates) {
      if (!candidate) continue;
      const style = getComputedStyle(candidate);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
        return {
          element,
          indicator: `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`,
        };
      if (style.boxShadow && style.boxShadow !== 'none')
        return { element, indicator: `box-shadow ${style.boxShadow}` };
    }
    // MUI text fields and selects: the focused field's outline (a sibling <fieldset>) turns 2 px and coloured.
    const field = el.closest('.MuiInputBase-root');
    const border = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (field?.classList.contains('Mui-focused') && border) {
      const { borderTopWidth, borderTopColor } = getComputedStyle(border);
      if (parseFloat(borderTopWidth) >= 2)
        return { element, indicator: `field border ${borderTopWidth} ${borderTopColor}` };
    }
    return { element, indicator: null };
  });
}

async function expectVisibleFocus(page: Page): Promise<void> {
  const { element, indicator } = await focusIndicator(page);
  expect(indicator, `the focused ${element} shows no focus indicator`).not.toBeNull();
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Tabs (or Shift+Tabs) until `target` has the focus, checking the focus is visible at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  await target.waitFor();
  for (let stop = 0; stop < max; stop += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // Past the last stop the focus leaves the page for the browser's own controls (the body is active).
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    await expectVisibleFocus(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('register, verify, add, reveal, search and export with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const person = newPerson('Keya');
  const entry = {
    title: 'GitHub',
    login: 'keya@example.test',
    password: 'Gh7!keyboardOnly',
    website: 'https://github.com',
  };

  // The landing page: the first Tab stop is the skip link, then on to Get Started Free.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeInViewport();
  await expectVisibleFocus(page);
  await tabTo(page, page.getByRole('link', { name: 'Get Started Free' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/register$/);

  // Register.
  await typeInto(page, page.getByLabel('First name'), person.firstName);
  await typeInto(page, page.getByLabel('Last name'), person.lastName);
  await typeInto(page, page.getByLabel('Email'), person.email);
  await typeInto(page, page.getByRole('textbox', { name: 'Account password' }), person.password);
  await typeInto(page, page.getByRole('textbox', { name: 'Master password' }), person.masterPassword);
  await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
  await page.keyboard.press('Enter');

  // Verify: the code field has the focus already.
  await expect(page).toHaveURL(/\/verify-otp$/);
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();
  await page.keyboard.type(await nextCode(person.email));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // To the vault through the top bar.
  // The page's main area has the focus after the navigation: the top bar is before it.
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Passwords' }),
    {
      back: true,
    },
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/passwords$/);

  // Add an entry: the form takes the focus, Save asks for the master password in a second dialog.
  const add = page.getByRole('main').getByRole('button', { name: 'Add Password' }).first();
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add Password' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(entry.title);
  await typeInto(page, form.getByLabel('Email or username'), entry.login);
  await typeInto(page, form.getByRole('textbox', { name: 'Password', exact: true }), entry.password);
  await typeInto(page, form.getByLabel('Website'), entry.website);
  // The category with the arrows: open, first option, one down (work), choose.
  const category = form.getByRole('combobox', { name: 'Category' });
  await tabTo(page, category);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'work' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(category).toHaveText(/work/i);
  await expect(category).toBeFocused();
  await tabTo(page, form.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  const master = page.getByRole('dialog', { name: 'Master password required' });
  await expect(master.getByRole('textbox', { name: 'Master password' })).toBeFocused();
  await page.keyboard.type(person.masterPassword);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Password created successfully')).toBeVisible();
  await expect(master).toBeHidden();
  await expect(form).toBeHidden();
  await expect(add).toBeFocused();

  // Reveal: the eye button opens the master password dialog, and has the focus back afterwards.
  const card = page.getByRole('article', { name: entry.title });
  await tabTo(page, card.getByRole('button', { name: `Reveal password for ${entry.title}` }));
  await page.keyboard.press('Enter');
  await expect(master.getByRole('textbox', { name: 'Master password' })).toBeFocused();
  await page.keyboard.type(person.masterPassword);
  await page.keyboard.press('Enter');
  await expect(card.getByText(entry.password)).toBeVisible();
  await expect(card.getByRole('button', { name: `Hide password for ${entry.title}` })).toBeFocused();
  await expectVisibleFocus(page);

  // A dialog closed with Escape gives the focus back too (delete confirmation, nothing deleted).
  const remove = card.getByRole('button', { name: `Delete ${entry.title}` });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure you want to delete this password?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  // Search.
  const search = page.getByRole('searchbox', { name: 'Search passwords' });
  await tabTo(page, search, { back: true });
  await page.keyboard.type('no such entry');
  await expect(page.getByText('No passwords found')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('GITHUB.COM');
  await expect(card).toBeVisible();
  await expect(page.getByText('1 password', { exact: true })).toBeVisible();
  await expect(search).toBeFocused();

  // Export: Settings, the Data tab with the arrows, the dialog, the download.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Settings' }),
    {
      back: true,
    },
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings/);
  await tabTo(page, page.getByRole('tab', { name: 'Profile' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const dataTab = page.getByRole('tab', { name: 'Data' });
  await expect(dataTab).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dataTab).toHaveAttribute('aria-selected', 'true');
  const exportButton = page.getByRole('button', { name: 'Export passwords' });
  await tabTo(page, exportButton);
  await page.keyboard.press('Enter');
  const transfer = page.getByRole('dialog', { name: 'Export and Import Passwords' });
  await expect(transfer).toBeVisible();
  expect(await transfer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await tabTo(page, transfer.getByRole('textbox', { name: 'Master password' }));
  await page.keyboard.type(person.masterPassword);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.json$/);
  const exported = fs.readFileSync(await file.path(), 'utf8');
  expect(exported).toContain(entry.title);
  expect(exported).toContain(entry.password);
  await page.keyboard.press('Escape');
  await expect(transfer).toBeHidden();
  await expect(exportButton).toBeFocused();

  // The theme toggle with Space; the focus stays visible in the dark theme.
  const toDark = page.getByRole('button', { name: 'Switch to dark theme' });
  await tabTo(page, toDark, { back: true });
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();
  await expectVisibleFocus(page);

  // 375 px: the drawer and the top-bar menu open from the keyboard and close with Escape.
  await page.setViewportSize({ width: 375, height: 760 });
  const drawerToggle = page.getByRole('button', { name: 'Open navigation menu' });
  await tabTo(page, drawerToggle);
  await page.keyboard.press('Enter');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  await page.keyboard.press('Tab');
  expect(
    await sidebar.evaluate((nav) => nav.closest('.MuiDrawer-root')?.contains(document.activeElement)),
  ).toBe(true);
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(drawerToggle).toBeFocused();

  const menuToggle = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, menuToggle, { back: true });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await tabTo(page, menu.getByRole('link', { name: 'Passwords' }));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});
