// Client state of the Passwords page: the filters and which entries are revealed.
// The decrypted values themselves never come here: they live in React state (revealedSecrets.tsx).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../api/baseApi';
import { CATEGORY_FILTER_ALL, type Category } from '../../common/constants';
import type { PasswordListQuery } from '../../common/wire';

export type CategoryFilter = Category | typeof CATEGORY_FILTER_ALL;

export interface VaultState {
  /** The debounced search text that the list is fetched with. */
  search: string;
  category: CategoryFilter;
  favoritesOnly: boolean;
  revealedIds: string[];
}

const initialState: VaultState = {
  search: '',
  category: CATEGORY_FILTER_ALL,
  favoritesOnly: false,
  revealedIds: [],
};

export const vaultSlice = createSlice({
  name: 'vault',
  initialState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    categoryChanged(state, action: PayloadAction<CategoryFilter>) {
      state.category = action.payload;
    },
    favoritesOnlyChanged(state, action: PayloadAction<boolean>) {
      state.favoritesOnly = action.payload;
    },
    filtersCleared(state) {
      state.search = initialState.search;
      state.category = initialState.category;
      state.favoritesOnly = initialState.favoritesOnly;
    },
    entryRevealed(state, action: PayloadAction<string>) {
      if (!state.revealedIds.includes(action.payload)) state.revealedIds.push(action.payload);
    },
    entryHidden(state, action: PayloadAction<string>) {
      state.revealedIds = state.revealedIds.filter((id) => id !== action.payload);
    },
    allHidden(state) {
      state.revealedIds = [];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const {
  searchChanged,
  categoryChanged,
  favoritesOnlyChanged,
  filtersCleared,
  entryRevealed,
  entryHidden,
  allHidden,
} = vaultSlice.actions;

interface WithVault {
  vault: VaultState;
}

export const selectVaultFilters = (state: WithVault) => state.vault;

export const selectIsRevealed = (state: WithVault, id: string) => state.vault.revealedIds.includes(id);

export const selectHasActiveFilters = (state: WithVault) =>
  state.vault.search.trim() !== '' ||
  state.vault.category !== CATEGORY_FILTER_ALL ||
  state.vault.favoritesOnly;

/** The list query for the current filters: equal filters give equal queries (one cache entry). */
export function listQueryOf(
  filters: Pick<VaultState, 'search' | 'category' | 'favoritesOnly'>,
): PasswordListQuery {
  const query: PasswordListQuery = {};
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.category !== CATEGORY_FILTER_ALL) query.category = filters.category;
  if (filters.favoritesOnly) query.favorite = true;
  return query;
}
