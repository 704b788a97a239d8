// The list the Passwords page shows, as one query: the page's filters, the health filter of its
// address and the user's order. The page, its reload's prefetch and a new search ask for it alike, so
// that they share one cache entry.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ListPreferences } from '../../common/listOrder';
import type { PasswordListQuery } from '../../common/wire';
import { loadListPreferences } from '../settings';
import { healthFilterOf } from './passwordHealth';
import { vaultApi } from './vaultApi';
import { listQueryOf, listQueryWith, searchAsked, searchChanged, type VaultState } from './vaultSlice';

export type ListDispatch = ThunkDispatch<{ vault: VaultState }, unknown, UnknownAction>;

/**
 * The list the Passwords page asks for: the page's filters, the health filter of its address
 * (`address`: its query string, e.g. '?health=weak') and the order the user left it in.
 */
export function pageListQuery(
  filters: PasswordListQuery,
  address: string,
  preferences: Pick<ListPreferences, 'listSort' | 'favoritesFirst'>,
): PasswordListQuery {
  const health = healthFilterOf(new URLSearchParams(address).get('health'));
  return listQueryWith(health ? { ...filters, health } : filters, preferences);
}

/**
 * The first window of the list as the page will ask for it, without a subscription (nothing if it is
 * cached already), as `util.prefetch` does; unlike it, settles when the answer is there.
 */
export const requestList = (dispatch: ListDispatch, filters: PasswordListQuery, address: string) =>
  dispatch(loadListPreferences()).then((preferences) =>
    dispatch(
      vaultApi.endpoints.getPasswordWindow.initiate(
        { filters: pageListQuery(filters, address, preferences), index: 0 },
        { subscribe: false },
      ),
    ),
  );

/**
 * How long a search waits for its answer before the page shows the new filters over the old list (with
 * its progress bar). An answer within it is painted in one render.
 */
const SEARCH_ANSWER_WAIT_MS = 150;

/**
 * A search the person has paused on: its list is asked for at once, and the page's filters change when
 * the answer is there (or after SEARCH_ANSWER_WAIT_MS). Changing them at once rendered the page for the
 * new filters while the request was out, and that render held up the answer's (npm run bench: search).
 * It changes them only if it is still the search asked for: a newer one, or Clear, wins.
 */
export const searchCommitted =
  (search: string, address: string) =>
  (dispatch: ListDispatch, getState: () => { vault: VaultState }): void => {
    // Whichever comes first shows it; showing it ends its being asked for, so the other does nothing.
    const show = () => {
      if (getState().vault.searchAsked === search) dispatch(searchChanged(search));
    };
    setTimeout(show, SEARCH_ANSWER_WAIT_MS);
    requestList(dispatch, listQueryOf({ ...getState().vault, search }), address).then(show, show);
    // After the request: the search box's render for this waits behind it, not the other way round.
    dispatch(searchAsked(search));
  };
