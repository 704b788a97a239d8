// Client state of the Passwords page: its filters. Which entries are revealed, and their decrypted
// values, never come here: they live only in the page's SecretStore (revealedSecrets.tsx).
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../shared/api/baseApi';
import { CATEGORY_FILTER_ALL, type Category } from '../../common/constants';
import type { PasswordListQuery } from '../../common/wire';
import { DEFAULT_LIST_SORT, type ListPreferences } from '../../common/listOrder';

export type CategoryFilter = Category | typeof CATEGORY_FILTER_ALL;

export interface VaultState {
  /** The debounced search text that the list is fetched with. */
  search: string;
  /**
   * A search asked for whose answer has not come yet (pageList.ts searchCommitted); the list shows
   * `search` until then. Absent when none is waiting.
   */
  searchAsked?: string;
  category: CategoryFilter;
  favoritesOnly: boolean;
}

const initialState: VaultState = {
  search: '',
  category: CATEGORY_FILTER_ALL,
  favoritesOnly: false,
};

export const vaultSlice = createSlice({
  name: 'vault',
  initialState,
  reducers: {
    searchAsked(state, action: PayloadAction<string>) {
      state.searchAsked = action.payload;
    },
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
      delete state.searchAsked;
    },
    categoryChanged(state, action: PayloadAction<CategoryFilter>) {
      state.category = action.payload;
    },
    favoritesOnlyChanged(state, action: PayloadAction<boolean>) {
      state.favoritesOnly = action.payload;
    },
    filtersCleared(state) {
      delete state.searchAsked;
      state.search = initialState.search;
      state.category = initialState.category;
      state.favoritesOnly = initialState.favoritesOnly;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const { searchAsked, searchChanged, categoryChanged, favoritesOnlyChanged, filtersCleared } =
  vaultSlice.actions;

interface WithVault {
  vault: VaultState;
}

export const selectSearch = (state: WithVault): string => state.vault.search;
/** What the search box last asked for: the search waiting for its answer, else the list's. */
export const selectSearchAsked = (state: WithVault): string => state.vault.searchAsked ?? state.vault.search;
export const selectCategory = (state: WithVault): CategoryFilter => state.vault.category;
export const selectFavoritesOnly = (state: WithVault): boolean => state.vault.favoritesOnly;

export const selectHasActiveFilters = (state: WithVault): boolean =>
  state.vault.search.trim() !== '' ||
  state.vault.category !== CATEGORY_FILTER_ALL ||
  state.vault.favoritesOnly;

/** The list query for the current filters: equal filters give equal queries (one cache entry). */
export function listQueryOf(filters: VaultState): PasswordListQuery {
  const query: PasswordListQuery = {};
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.category !== CATEGORY_FILTER_ALL) query.category = filters.category;
  if (filters.favoritesOnly) query.favorite = true;
  return query;
}

/** The list query of the Passwords page, the same object for as long as the filters stay the same. */
export const selectListQuery = createSelector(
  [selectSearch, selectCategory, selectFavoritesOnly],
  (search, category, favoritesOnly) => listQueryOf({ search, category, favoritesOnly }),
);

/**
 * The list query with the user's order: only what differs from the default order is in it, so equal
 * lists share one cache entry whoever asks for them (the page, its prefetch).
 */
export function listQueryWith(
  query: PasswordListQuery,
  preferences: Pick<ListPreferences, 'listSort' | 'favoritesFirst'>,
): PasswordListQuery {
  return {
    ...query,
    ...(preferences.listSort !== DEFAULT_LIST_SORT ? { sort: preferences.listSort } : {}),
    ...(preferences.favoritesFirst ? { favoritesFirst: true } : {}),
  };
}
