// The person turning away from the tab and back, as a browser tells a page: blur, then focus.
import type { Page } from '@playwright/test';

/** The person looks at another window for `ms`, then back at this tab. */
export async function lookAwayFor(page: Page, ms: number): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.waitForTimeout(ms);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}
