// The list the Passwords page shows, as one query: the page's filters, the health filter of its
// address and the user's order. The page, its reload's prefetch and a new search ask for it alike, so
// that they share one cache entry.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ListPreferences } from '../../common/listOrder';
import type { PasswordListQuery } from '../../common/wire';
import { loadListPreferences } from '../settings';
import { healthFilterOf } from './passwordHealth';
import { vaultApi } from './vaultApi';
import { listQueryOf, listQueryWith, searchChanged, type VaultState } from './vaultSlice';

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
 * The first window of the list as the page will ask for it. This is what `util.prefetch` does
 * (initiate without a subscription, nothing if it is cached already), whose types in RTK 2.14 take
 * plain queries only.
 */
export const requestList = (dispatch: ListDispatch, filters: PasswordListQuery, address: string) =>
  dispatch(loadListPreferences()).then((preferences) =>
    dispatch(
      vaultApi.endpoints.getPasswordWindows.initiate(pageListQuery(filters, address, preferences), {
        subscribe: false,
      }),
    ),
  );

/**
 * A search the person has paused on: its list is asked for at once, and the page's filters change a
 * task later, so the request is on its way while React renders the page for the new filters (that
 * render came first before, and the request left ~13 ms later; npm run bench: search).
 */
export const searchCommitted =
  (search: string, address: string) =>
  (dispatch: ListDispatch, getState: () => { vault: VaultState }): void => {
    void requestList(dispatch, listQueryOf({ ...getState().vault, search }), address);
    setTimeout(() => dispatch(searchChanged(search)), 0);
  };
