// Debian's Chromium through Playwright (never a downloaded browser), with the flags of playwright.config.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/common/constants';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { onCleanup } from './processes';

export const VIEWPORT = { width: 1280, height: 800 } as const;

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  onCleanup(() => browser.close().catch(() => undefined));
  return browser;
}

/** A fresh context (empty cache), signed in when `token` is given (the app keeps it in localStorage). */
export function newContext(browser: Browser, baseUrl: string, token?: string): Promise<BrowserContext> {
  const origin = new URL(baseUrl).origin;
  return browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORT,
    storageState: token
      ? { cookies: [], origins: [{ origin, localStorage: [{ name: STORAGE_KEYS.token, value: token }] }] }
      : undefined,
  });
}

/**
 * A browser of its own on a fresh profile folder, as a person's browser is, signed in when `token` is
 * given. Unlike `newContext` (an off-the-record context, like a private window) it keeps an HTTP cache and
 * V8's code cache on disk, so its later loads are a returning user's. (Headless Chromium 156 uses the code cache
 * for a classic script from its third load on; for module scripts, which the app is, it stores one at
 * every load in a new tab and uses none, as the bench's `--profile` trace shows by counting the functions
 * compiled.) `close()` closes it and deletes the folder.
 */
export async function profileContext(
  baseUrl: string,
  token?: string,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-bench-profile-'));
  const remove = () => fs.rmSync(folder, { recursive: true, force: true });
  const context = await chromium
    .launchPersistentContext(folder, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      baseURL: baseUrl,
      viewport: VIEWPORT,
    })
    .catch((error: unknown) => {
      remove();
      throw error;
    });
  const close = async () => {
    await context.close().catch(() => undefined);
    remove();
  };
  // Also when the run fails or is stopped before the section closes it.
  onCleanup(close);
  if (token) {
    // Before the app's scripts on every page of the origin: the app reads its session from there.
    const origin = new URL(baseUrl).origin;
    await context.addInitScript({
      content: `if (location.origin === ${JSON.stringify(origin)} && !localStorage.getItem(${JSON.stringify(
        STORAGE_KEYS.token,
      )})) localStorage.setItem(${JSON.stringify(STORAGE_KEYS.token)}, ${JSON.stringify(token)});`,
    });
  }
  return { context, close };
}
