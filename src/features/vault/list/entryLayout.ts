// How tall each card and row is, worked out from the entry alone: the virtualised list lays out 100,000
// entries without measuring one (a measured list renders, reads the layout, and renders again). Every
// line of a card is one line high (long values are cut short with an ellipsis; the details panel shows
// them whole), and a card's lines follow from its data: a TOTP, listed custom fields, health flags.
import type { PasswordEntry } from '../../../common/wire';
import { healthReasons } from '../passwordHealth';

export const LINE_HEIGHT = 32;
export const ROW_HEIGHT = 52;
/** Space between cards, both ways. */
export const GAP = 16;
export const CARD_MIN_WIDTH = 300;
/** Custom fields a card shows; the rest are in the details panel. */
export const FIELDS_ON_CARD = 3;

export const CARD = {
  paddingTop: 12,
  paddingBottom: 8,
  headHeight: 44,
  headGap: 4,
  healthHeight: 40,
  healthGap: 6,
  border: 2,
} as const;

/** A card with no optional line: the head, website, login and password. */
const BASE_HEIGHT =
  CARD.paddingTop + CARD.headHeight + CARD.headGap + 3 * LINE_HEIGHT + CARD.paddingBottom + CARD.border;

/** The lines of custom fields a card shows: up to FIELDS_ON_CARD, then one saying how many more. */
export function fieldLines(fieldCount: number): number {
  return fieldCount > FIELDS_ON_CARD ? FIELDS_ON_CARD + 1 : fieldCount;
}

export function cardHeight(entry: PasswordEntry): number {
  const totp = entry.hasTotp ? LINE_HEIGHT : 0;
  const fields = fieldLines(entry.fields.length) * LINE_HEIGHT;
  const health = healthReasons(entry.health).length > 0 ? CARD.healthGap + CARD.healthHeight : 0;
  return BASE_HEIGHT + totp + fields + health;
}

/** A row of cards is as tall as its tallest card (the others stretch to it); not loaded yet: the base. */
export function cardRowHeight(entries: readonly (PasswordEntry | undefined)[]): number {
  let height = BASE_HEIGHT;
  for (const entry of entries) if (entry) height = Math.max(height, cardHeight(entry));
  return height;
}

/** Cards side by side in a list this wide: as many as fit CARD_MIN_WIDTH, at most four. */
export function columnsFor(width: number): number {
  return Math.min(4, Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP))));
}

/** A row whose entries have not arrived yet: placeholders of the base card's height. */
export const PLACEHOLDER_ROW_HEIGHT = BASE_HEIGHT;
