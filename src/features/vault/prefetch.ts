// A reload of /passwords starts the page's code and its list (after the settings that say its order)
// together with the session check, so the first cards do not wait for round trips in a row (npm run
// bench: first cards on /passwords).
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { PagePrefetch } from '../../shared/api/pagePrefetch';
import { PasswordsPage, TrashPage } from './pages';
import { healthFilterOf } from './passwordHealth';
import { vaultApi } from './vaultApi';
import { vaultCareApi } from './vaultCareApi';
import { loadListPreferences } from '../settings';
import { listQueryWith, selectListQuery, type VaultState } from './vaultSlice';

type Dispatch = ThunkDispatch<{ vault: VaultState }, unknown, UnknownAction>;

/** `search`: the address's query string, e.g. '?health=weak' (the page's health filter). */
export const prefetchPasswordsPage =
  (search = '') =>
  (dispatch: Dispatch, getState: () => { vault: VaultState }): PagePrefetch => {
    const code = PasswordsPage.load();
    const health = healthFilterOf(new URLSearchParams(search).get('health'));
    const filters = selectListQuery(getState());
    // The list's first window in the order the user left it, as the page asks for it. This is what
    // `util.prefetch` does (initiate without a subscription, nothing if it is cached already), whose
    // types in RTK 2.14 take plain queries only.
    const data = dispatch(loadListPreferences()).then((preferences) =>
      dispatch(
        vaultApi.endpoints.getPasswordWindows.initiate(
          listQueryWith(health ? { ...filters, health } : filters, preferences),
          { subscribe: false },
        ),
      ),
    );
    return { code, data };
  };

export const prefetchTrashPage =
  () =>
  (dispatch: Dispatch): PagePrefetch => ({
    code: TrashPage.load(),
    data: dispatch(vaultCareApi.endpoints.getTrash.initiate(undefined, { subscribe: false })),
  });
