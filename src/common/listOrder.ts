// How the Passwords page orders and shows its list: the server's list query and the user's remembered
// choice (settings) take the same values, one copy.

/** Newest first, last updated first, or by name (A to Z). */
export const LIST_SORTS = ['created', 'updated', 'name'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_LIST_SORT: ListSort = 'created';
