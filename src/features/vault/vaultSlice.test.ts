import { sessionEnded } from '../../shared/api/baseApi';
import {
  categoryChanged,
  favoritesOnlyChanged,
  filtersCleared,
  listQueryOf,
  searchAsked,
  searchChanged,
  selectHasActiveFilters,
  selectListQuery,
  selectSearch,
  selectSearchAsked,
  vaultSlice,
  type VaultState,
} from './vaultSlice';

const reduce = (state: VaultState | undefined, ...actions: Parameters<typeof vaultSlice.reducer>[1][]) =>
  actions.reduce(
    (current, action) => vaultSlice.reducer(current, action),
    state ?? vaultSlice.getInitialState(),
  );

describe('vault slice', () => {
  it('starts with no filters', () => {
    expect(vaultSlice.getInitialState()).toEqual({ search: '', category: 'all', favoritesOnly: false });
    expect(selectHasActiveFilters({ vault: vaultSlice.getInitialState() })).toBe(false);
  });

  it('holds the filters and says when any is active', () => {
    const searched = reduce(undefined, searchChanged('git'));
    expect(searched.search).toBe('git');
    expect(selectHasActiveFilters({ vault: searched })).toBe(true);

    const categorised = reduce(undefined, categoryChanged('work'));
    expect(categorised.category).toBe('work');
    expect(selectHasActiveFilters({ vault: categorised })).toBe(true);

    const favourites = reduce(undefined, favoritesOnlyChanged(true));
    expect(selectHasActiveFilters({ vault: favourites })).toBe(true);

    expect(selectHasActiveFilters({ vault: reduce(undefined, searchChanged('   ')) })).toBe(false);
  });

  it('clears the filters', () => {
    const state = reduce(
      undefined,
      searchChanged('git'),
      categoryChanged('finance'),
      favoritesOnlyChanged(true),
      filtersCleared(),
    );
    expect(state).toEqual(vaultSlice.getInitialState());
  });

  it("holds a search asked for apart from the list's until it is shown, and forgets it on Clear", () => {
    const asked = reduce(undefined, searchChanged('git'), searchAsked('gitlab'));
    expect(selectSearch({ vault: asked })).toBe('git');
    expect(selectSearchAsked({ vault: asked })).toBe('gitlab');
    expect(selectListQuery({ vault: asked })).toEqual({ search: 'git' });

    const shown = reduce(asked, searchChanged('gitlab'));
    expect(shown).toEqual({ search: 'gitlab', category: 'all', favoritesOnly: false });
    expect(selectSearchAsked({ vault: shown })).toBe('gitlab');

    expect(reduce(asked, filtersCleared())).toEqual(vaultSlice.getInitialState());
    expect(reduce(asked, sessionEnded())).toEqual(vaultSlice.getInitialState());
    expect(reduce(asked, categoryChanged('work')).searchAsked).toBe('gitlab');
  });

  it('forgets everything when the session ends', () => {
    const state = reduce(undefined, searchChanged('x'), categoryChanged('work'), sessionEnded());
    expect(state).toEqual(vaultSlice.getInitialState());
  });

  it('turns the filters into the list query, leaving out what is not set', () => {
    expect(listQueryOf(vaultSlice.getInitialState())).toEqual({});
    expect(listQueryOf({ search: '  Git ', category: 'work', favoritesOnly: true })).toEqual({
      search: 'Git',
      category: 'work',
      favorite: true,
    });
  });

  it('gives the same list query object until a filter changes (one cache entry, no refetch)', () => {
    const state = { vault: reduce(undefined, searchChanged('git')) };
    const first = selectListQuery(state);
    expect(selectListQuery({ vault: { ...state.vault } })).toBe(first);
    expect(selectListQuery({ vault: reduce(state.vault, categoryChanged('work')) })).not.toBe(first);
  });
});
