// What the journeys that look at new views share: a screenshot without a stray tooltip or focus ring,
// axe's serious and critical findings inside one part of the page, and switching the theme.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Saves `target` as `dir/name.png` once fonts are in and no tooltip covers it. */
export async function shoot(page: Page, target: Locator, dir: string, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await target.scrollIntoViewIfNeeded();
  // No tooltip of the last button pressed or pointed at over the picture.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await target.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

/**
 * Saves what the screen shows (the viewport, fixed layers such as dialogs and toasts included) as
 * `dir/name.png`, with the pointer and focus out of the way like `shoot`.
 */
export async function shootScreen(page: Page, dir: string, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

/** Serious and critical axe violations inside `selector`, one line each. */
export async function axeOn(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .include(selector)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Switches to `theme` with the top bar's toggle (when it is not already on). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** The widths the journeys look at: a desktop and a phone. */
export const WIDTHS = [1280, 375] as const;

/** A window `width` wide (a phone's is a little shorter, as on a real one). */
export async function setWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 768 ? 760 : 800 });
}

/**
 * Every width and theme: a screenshot of `target` into `dir` and axe on `selector` (and, unless told
 * otherwise, that nothing is wider than the screen); answers the violations, back at 1280 px and light.
 */
export async function auditEverywhere(
  page: Page,
  target: Locator,
  selector: string,
  name: string,
  { dir, overflow = true }: { dir: string; overflow?: boolean },
): Promise<string[]> {
  const violations: string[] = [];
  for (const width of WIDTHS) {
    await setWidth(page, width);
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await expect(target).toBeVisible();
      if (overflow) {
        const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(wider, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
      }
      await shoot(page, target, dir, `${name}-${theme}-${width}`);
      violations.push(...(await axeOn(page, selector)).map((line) => `[${theme} ${width}] ${line}`));
    }
  }
  await setWidth(page, 1280);
  await useTheme(page, 'light');
  return violations;
}
