// The query string of GET /api/passwords as the browser sends it: one function, so that requests for the
// same list (the page's, its prefetch, the early requests of a reload) are the same URL and share one
// cached answer.
import { DEFAULT_LIST_SORT } from './listOrder';
import type { PasswordListQuery } from './wire';

/** Query-string parameters without the empty ones, in a fixed order. */
export function passwordListParams(query: PasswordListQuery = {}): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  if (query.search?.trim()) params.search = query.search.trim();
  if (query.category) params.category = query.category;
  if (query.favorite) params.favorite = true;
  if (query.limit) params.limit = query.limit;
  if (query.cursor) params.cursor = query.cursor;
  // 0 is the start: left out, so the first window keeps the URL it is prefetched by.
  if (query.offset !== undefined && query.offset > 0) params.offset = query.offset;
  if (query.health) params.health = query.health;
  // The default order is sent as no order: one URL for the same list.
  if (query.sort && query.sort !== DEFAULT_LIST_SORT) params.sort = query.sort;
  if (query.favoritesFirst) params.favoritesFirst = true;
  return params;
}
