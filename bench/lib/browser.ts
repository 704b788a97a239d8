// Debian's Chromium through Playwright (never a downloaded browser), with the flags of playwright.config.ts.
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
