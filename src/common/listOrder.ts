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
 * Where a browser keeps the order its list was last seen in (localStorage): a reload of the Passwords
 * page asks for its first window at once, beside the preferences, instead of after them (issue 12).
 * Only the order, nothing of the vault; like the theme, it stays after sign-out.
 */
export const LIST_ORDER_STORAGE_KEY = 'listOrder';

/** The order as kept under LIST_ORDER_STORAGE_KEY (the defaults for anything missing or malformed). */
export function listOrderFromStorage(saved: string | null): ListOrder {
  let value: unknown;
  try {
    value = saved === null ? null : JSON.parse(saved);
  } catch {
    value = null;
  }
  const kept =
    typeof value === 'object' && value !== null ? (value as Partial<Record<keyof ListOrder, unknown>>) : {};
  return {
    listSort: isListSort(kept.listSort) ? kept.listSort : DEFAULT_LIST_SORT,
    favoritesFirst: kept.favoritesFirst === true,
  };
}

export const listOrderForStorage = ({ listSort, favoritesFirst }: ListOrder): string =>
  JSON.stringify({ listSort, favoritesFirst });
