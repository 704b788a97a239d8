// Issue 15 in the browser, against the real server: with "for 5 minutes after unlocking" chosen in
// Settings > Security, one master password reveals two entries; "Lock now" in the top bar ends the
// window and the next reveal asks again. Two tabs each unlock a window of their own, and "Lock now" in
// one locks both. Neither the master password nor the tab's unlock key is left in
// localStorage, sessionStorage, IndexedDB or cookies. axe runs on the new setting and the top bar's
// button in both themes at 1280 and 375 px; the screens go to UNLOCK_SHOTS_DIR (default /tmp/unlock-shots).
import fs from 'node:fs';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { newPerson, registerThroughApi, signIn } from './support/users';
import { addEntryThroughApi, enterMasterPassword } from './support/vault';
import { axeOn, shoot, useTheme } from './support/screens';

const SHOTS_DIR = process.env.UNLOCK_SHOTS_DIR || '/tmp/unlock-shots';
const WIDTHS = [1280, 375] as const;
const THEMES = ['light', 'dark'] as const;
const ENTRIES = [
  { title: 'Harbour Bank', password: 'Hb-7!lantern-Quay', website: 'https://bank.example.test' },
  { title: 'Meadow Mail', password: 'Mm-9$orchard-Lane', website: 'https://mail.example.test' },
];

/** Every width and theme: a screenshot of `target` and axe on `selector`; answers the violations. */
async function auditEverywhere(page: Page, target: () => Locator, selector: string, name: string) {
  const violations: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 760 : 800 });
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await expect(target()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
      await shoot(page, target(), SHOTS_DIR, `${name}-${theme}-${width}`);
      violations.push(...(await axeOn(page, selector)).map((line) => `[${theme} ${width}] ${line}`));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await useTheme(page, 'light');
  return violations;
}

/** Everything this origin keeps in the browser: both storages, every IndexedDB record, the cookies. */
async function storedInBrowser(page: Page, context: BrowserContext): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const storage = (store: Storage) =>
      Object.fromEntries(
        Array.from({ length: store.length }, (_, i) => store.key(i) as string).map((key) => [
          key,
          store.getItem(key),
        ]),
      );
    const databases = await indexedDB.databases();
    const records: unknown[] = [];
    for (const { name } of databases) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        records.push(...all);
      }
      db.close();
    }
    return {
      local: storage(window.localStorage),
      session: storage(window.sessionStorage),
      databases: databases.map((db) => db.name),
      records,
      url: window.location.href,
    };
  });
  return JSON.stringify({ ...inPage, cookies: await context.cookies() });
}

test.describe('unlock window', () => {
  test.use({ reducedMotion: 'reduce' });

  test('5 minutes: one dialog for two reveals; Lock now hides them; the next reveal asks again; nothing stored', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    const person = newPerson('Una');
    const token = await registerThroughApi(request, person);
    for (const entry of ENTRIES) await addEntryThroughApi(request, token, person.masterPassword, entry);
    await signIn(page, person);

    // Settings > Security: the choice, "every time" until changed.
    await page.goto('/settings?tab=security');
    const setting = page.getByRole('radiogroup', { name: 'Ask for the master password' });
    await expect(setting.getByRole('radio', { name: 'Every time (default)' })).toBeChecked();
    await setting.getByRole('radio', { name: 'For 5 minutes after unlocking' }).check();
    await expect(page.getByText('Settings updated successfully!').first()).toBeVisible();
    await page.reload();
    await expect(setting.getByRole('radio', { name: 'For 5 minutes after unlocking' })).toBeChecked();
    const region = () => page.getByRole('region', { name: 'Unlock window' });
    const settingViolations = await auditEverywhere(page, region, '[role="tabpanel"]', 'setting');
    expect(settingViolations).toEqual([]);

    // Watch the wire: the key the server hands out, and how each reveal opens the vault.
    const keys: string[] = [];
    const reveals: { header: string | null; masterPasswordInBody: boolean }[] = [];
    page.on('response', async (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/api/auth/vault-unlock')) {
        const answer = (await response.json().catch(() => null)) as { data?: { unlockKey?: string } } | null;
        if (answer?.data?.unlockKey) keys.push(answer.data.unlockKey);
      }
    });
    page.on('request', (sent) => {
      if (!/\/api\/passwords\/[^/]+\/view$/.test(sent.url())) return;
      const body = (sent.postDataJSON() ?? {}) as Record<string, unknown>;
      reveals.push({
        header: sent.headers()['x-vault-unlock'] ?? null,
        masterPasswordInBody: 'masterPassword' in body,
      });
    });

    await page.goto('/passwords');
    const [first, second] = ENTRIES.map((entry) => page.getByRole('article', { name: entry.title }));
    await first.getByRole('button', { name: `Reveal password for ${ENTRIES[0].title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Master password required' });
    await expect(dialog.getByText(/stays unlocked in this tab for 5 minutes/)).toBeVisible();
    await enterMasterPassword(page, person.masterPassword);
    await expect(first.getByText(ENTRIES[0].password)).toBeVisible();
    await expect(dialog).toBeHidden();

    await second.getByRole('button', { name: `Reveal password for ${ENTRIES[1].title}` }).click();
    await expect(second.getByText(ENTRIES[1].password)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(() => keys.length).toBe(1);
    expect(reveals).toEqual([
      { header: keys[0], masterPasswordInBody: false },
      { header: keys[0], masterPasswordInBody: false },
    ]);

    // The top bar says the vault is unlocked, and for how long.
    const banner = page.getByRole('banner');
    const lockNow = banner.getByRole('button', { name: /^Lock now/ });
    await expect(lockNow).toHaveAccessibleName('Lock now · 5 min left');
    await lockNow.hover();
    await expect(
      page.getByRole('tooltip').filter({ hasText: 'Your vault stays unlocked in this tab' }),
    ).toBeVisible();
    await page.mouse.move(0, 0);
    // The reveals' toasts have gone, so they hide nothing in the pictures.
    await expect(page.getByText('Password revealed')).toHaveCount(0, { timeout: 15_000 });
    const bannerViolations = await auditEverywhere(page, () => banner, 'header', 'topbar-unlocked');
    expect(bannerViolations).toEqual([]);
    // The narrowest window with the full top bar: everything still fits.
    await page.setViewportSize({ width: 800, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the top bar overflows at 800 px').toBeLessThanOrEqual(0);
    await shoot(page, banner, SHOTS_DIR, 'topbar-unlocked-light-800');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Nothing the browser keeps holds the master password or the key.
    const stored = await storedInBrowser(page, context);
    expect(stored).not.toContain(person.masterPassword);
    expect(stored).not.toContain(keys[0]);
    expect(stored).toContain('"token"'); // the check does look at localStorage

    // Lock now: the server's window ends too (the old key no longer opens the vault).
    await banner.getByRole('button', { name: /^Lock now/ }).click();
    await expect(page.getByText('Vault locked').first()).toBeVisible();
    await expect(banner.getByRole('button', { name: /Lock now/ })).toHaveCount(0);
    const oldKeyAnswer = await page.evaluate(async (key) => {
      const list = await fetch('api/passwords', {
        headers: { authorization: `Bearer ${window.localStorage.getItem('token')}` },
      });
      const { data } = (await list.json()) as { data: { passwords: { _id: string }[] } };
      const view = await fetch(`api/passwords/${data.passwords[0]._id}/view`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${window.localStorage.getItem('token')}`,
          'content-type': 'application/json',
          'x-vault-unlock': key,
        },
        body: '{}',
      });
      return { status: view.status, reason: ((await view.json()) as { reason?: string }).reason };
    }, keys[0]);
    expect(oldKeyAnswer).toEqual({ status: 401, reason: 'vault-locked' });

    // A locked vault shows nothing it decrypted, and the next reveal asks again.
    for (const [index, card] of [first, second].entries()) {
      await expect(card.getByText(ENTRIES[index].password)).toHaveCount(0);
    }
    await first.getByRole('button', { name: `Reveal password for ${ENTRIES[0].title}` }).click();
    await expect(dialog).toBeVisible();
    await enterMasterPassword(page, person.masterPassword);
    await expect(first.getByText(ENTRIES[0].password)).toBeVisible();
    await expect.poll(() => keys.length).toBe(2);

    // A reload forgets the key (memory only): the window's button is gone and a reveal asks again.
    await page.reload();
    await expect(page.getByRole('article', { name: ENTRIES[1].title })).toBeVisible();
    await expect(banner.getByRole('button', { name: /Lock now/ })).toHaveCount(0);
    await second.getByRole('button', { name: `Reveal password for ${ENTRIES[1].title}` }).click();
    await expect(dialog).toBeVisible();
    const afterAll = await storedInBrowser(page, context);
    for (const key of keys) expect(afterAll).not.toContain(key);
    expect(afterAll).not.toContain(person.masterPassword);
  });
});

test.describe('unlock windows in two tabs', () => {
  test.use({ reducedMotion: 'reduce' });

  test('each tab unlocks its own window, and Lock now in one tab locks both', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    const person = newPerson('Tabitha');
    const token = await registerThroughApi(request, person);
    for (const entry of ENTRIES) await addEntryThroughApi(request, token, person.masterPassword, entry);
    await signIn(page, person);
    await page.goto('/settings?tab=security');
    const setting = page.getByRole('radiogroup', { name: 'Ask for the master password' });
    await setting.getByRole('radio', { name: 'For 5 minutes after unlocking' }).check();
    await expect(page.getByText('Settings updated successfully!').first()).toBeVisible();

    const tabA = page;
    const tabB = await context.newPage();
    const reveal = async (tab: Page, index: number) => {
      const card = tab.getByRole('article', { name: ENTRIES[index].title });
      await card.getByRole('button', { name: `Reveal password for ${ENTRIES[index].title}` }).click();
      return card;
    };
    const lockNowIn = (tab: Page) => tab.getByRole('banner').getByRole('button', { name: /^Lock now/ });
    const dialogIn = (tab: Page) => tab.getByRole('dialog', { name: 'Master password required' });

    await tabA.goto('/passwords');
    await reveal(tabA, 0);
    await enterMasterPassword(tabA, person.masterPassword);
    await expect(lockNowIn(tabA)).toBeVisible();

    // Tab B opens a window of its own: tab A's stays open.
    await tabB.goto('/passwords');
    await reveal(tabB, 1);
    await enterMasterPassword(tabB, person.masterPassword);
    await expect(
      tabB.getByRole('article', { name: ENTRIES[1].title }).getByText(ENTRIES[1].password),
    ).toBeVisible();
    await expect(lockNowIn(tabB)).toBeVisible();
    await expect(lockNowIn(tabA)).toBeVisible();
    // Tab A still reveals without being asked.
    await tabA.bringToFront();
    const cardA = await reveal(tabA, 1);
    await expect(cardA.getByText(ENTRIES[1].password)).toBeVisible();
    await expect(dialogIn(tabA)).toBeHidden();

    // Lock now in tab B: both tabs are locked, and tab A hides what it showed.
    await tabB.bringToFront();
    await lockNowIn(tabB).click();
    await expect(tabB.getByText('Vault locked').first()).toBeVisible();
    await expect(lockNowIn(tabB)).toHaveCount(0);
    await expect(lockNowIn(tabA)).toHaveCount(0);
    await expect(tabA.getByText(ENTRIES[1].password)).toHaveCount(0);
    await tabA.bringToFront();
    await reveal(tabA, 0);
    await expect(dialogIn(tabA)).toBeVisible();
    await tabB.close();
  });
});
