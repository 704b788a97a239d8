// How the Passwords page orders and shows its list: the server's list query and the user's remembered
// choice (settings) take the same values, one copy.

/** Newest first, last updated first, or by name (A to Z). */
export const LIST_SORTS = ['created', 'updated', 'name'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_LIST_SORT: ListSort = 'created';

/** The Passwords page as cards, or as compact rows (one line per entry). */
export const LIST_VIEWS = ['cards', 'compact'] as const;
export type ListView = (typeof LIST_VIEWS)[number];
export const DEFAULT_LIST_VIEW: ListView = 'cards';

/** How a user last left the Passwords page's list, remembered in their settings. */
export interface ListPreferences {
  listView: ListView;
  listSort: ListSort;
  /** Favourites before the others, each part in the sort's order. */
  favoritesFirst: boolean;
}

export const DEFAULT_LIST_PREFERENCES: ListPreferences = {
  listView: DEFAULT_LIST_VIEW,
  listSort: DEFAULT_LIST_SORT,
  favoritesFirst: false,
};

export const isListView = (value: unknown): value is ListView =>
  (LIST_VIEWS as readonly unknown[]).includes(value);
export const isListSort = (value: unknown): value is ListSort =>
  (LIST_SORTS as readonly unknown[]).includes(value);

/** What decides the order of the list's windows (the view does not). */
export type ListOrder = Pick<ListPreferences, 'listSort' | 'favoritesFirst'>;

/**
 * The order a value says (a preferences answer, or the order a browser kept): the defaults for anything
 * missing or malformed.
 */
export function listOrderOf(value: unknown): ListOrder {
  const said =
    typeof value === 'object' && value !== null ? (value as Partial<Record<keyof ListOrder, unknown>>) : {};
  return {
    listSort: isListSort(said.listSort) ? said.listSort : DEFAULT_LIST_SORT,
    favoritesFirst: said.favoritesFirst === true,
  };
}
