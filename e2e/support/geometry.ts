// Where things are on screen, for the journeys that check that one thing does not cover another.
import { expect, type Locator } from '@playwright/test';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box on screen (it must be visible). */
export async function boxOf(locator: Locator): Promise<Rect> {
  const box = await locator.boundingBox();
  expect(box, `${locator.toString()} has a box on screen`).not.toBeNull();
  return box as Rect;
}

/** Whether two boxes share any area. */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Fails, naming them, for every one of `targets` that `cover` overlaps. */
export async function expectClearOf(cover: Locator, targets: Record<string, Locator>): Promise<void> {
  const covering = await boxOf(cover);
  const hit: string[] = [];
  for (const [name, target] of Object.entries(targets)) {
    for (const box of await Promise.all((await target.all()).map(boxOf))) {
      if (overlaps(covering, box)) hit.push(`${name} ${JSON.stringify(box)}`);
    }
  }
  expect(hit, `the toast ${JSON.stringify(covering)} covers`).toEqual([]);
}

/** Fails, naming it, for every one of `parts` whose box is not wholly inside `whole`'s (cut off by it). */
export async function expectWithin(whole: Locator, parts: Locator): Promise<void> {
  const outer = await boxOf(whole);
  const outside: string[] = [];
  for (const part of await parts.all()) {
    const box = await boxOf(part);
    const inside =
      box.x >= outer.x - 0.5 &&
      box.y >= outer.y - 0.5 &&
      box.x + box.width <= outer.x + outer.width + 0.5 &&
      box.y + box.height <= outer.y + outer.height + 0.5;
    if (!inside) outside.push(`${(await part.textContent()) ?? ''} ${JSON.stringify(box)}`);
  }
  expect(outside, `cut off by ${JSON.stringify(outer)}`).toEqual([]);
}
