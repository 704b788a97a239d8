// How a category looks wherever it appears (cards, dashboard, form): a theme colour, never a fixed one.
import type { Category } from '../../common/constants';

export type CategoryColor = 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'error';

const COLORS: Record<Category, CategoryColor> = {
  social: 'info',
  work: 'primary',
  finance: 'success',
  entertainment: 'secondary',
  shopping: 'warning',
  other: 'primary',
};

export function categoryColor(category: string): CategoryColor {
  return COLORS[category as Category] ?? 'primary';
}

/** 'social' -> 'Social', for visible text where the raw value would look unfinished. */
export function categoryLabel(category: string): string {
  return category ? category[0].toUpperCase() + category.slice(1) : category;
}
