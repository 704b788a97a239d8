import { sessionEnded } from '../../api/baseApi';
import {
  allHidden,
  categoryChanged,
  entryHidden,
  entryRevealed,
  favoritesOnlyChanged,
  filtersCleared,
  listQueryOf,
  searchChanged,
  selectHasActiveFilters,
  selectIsRevealed,
  vaultSlice,
  type VaultState,
} from './vaultSlice';

const reduce = (state: VaultState | undefined, ...actions: Parameters<typeof vaultSlice.reducer>[1][]) =>
  actions.reduce(
    (current, action) => vaultSlice.reducer(current, action),
    state ?? vaultSlice.getInitialState(),
  );

describe('vault slice', () => {
  it('starts with no filters and nothing revealed', () => {
    expect(vaultSlice.getInitialState()).toEqual({
      search: '',
      category: 'all',
      favoritesOnly: false,
      revealedIds: [],
    });
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

  it('clears the filters but keeps the revealed entries', () => {
    const state = reduce(
      undefined,
      searchChanged('git'),
      categoryChanged('finance'),
      favoritesOnlyChanged(true),
      entryRevealed('a'),
      filtersCleared(),
    );
    expect(state).toEqual({ search: '', category: 'all', favoritesOnly: false, revealedIds: ['a'] });
  });

  it('reveals per entry, once, and hides one or all', () => {
    const revealed = reduce(undefined, entryRevealed('a'), entryRevealed('b'), entryRevealed('a'));
    expect(revealed.revealedIds).toEqual(['a', 'b']);
    expect(selectIsRevealed({ vault: revealed }, 'a')).toBe(true);
    expect(selectIsRevealed({ vault: revealed }, 'c')).toBe(false);

    const oneHidden = reduce(revealed, entryHidden('a'));
    expect(oneHidden.revealedIds).toEqual(['b']);
    expect(reduce(revealed, allHidden()).revealedIds).toEqual([]);
  });

  it('forgets everything when the session ends', () => {
    const state = reduce(undefined, searchChanged('x'), entryRevealed('a'), sessionEnded());
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
});
