// Every toast a page showed, in order, whether or not it is still on screen: "one toast" is checked
// over time, not at one moment.
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __toastsShown?: string[];
  }
}

/** Starts recording before the page's scripts run (call before the first navigation). */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__toastsShown = [];
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      document.querySelectorAll('.pv-toasts .MuiAlert-message').forEach((message) => {
        if (seen.has(message)) return;
        seen.add(message);
        window.__toastsShown?.push(message.textContent ?? '');
      });
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The toasts shown so far with this text. */
export async function toastsShown(page: Page, text: string): Promise<number> {
  const shown = await page.evaluate(() => window.__toastsShown ?? []);
  return shown.filter((toast) => toast === text).length;
}
