// A reload of /passwords starts the page's code and its list (after the settings that say its order)
// together with the session check, so the first cards do not wait for round trips in a row (npm run
// bench: first cards on /passwords).
import type { PagePrefetch } from '../../shared/api/pagePrefetch';
import { PasswordsPage, TrashPage } from './pages';
import { vaultCareApi } from './vaultCareApi';
import { requestList, type ListDispatch } from './pageList';
import { selectListQuery, type VaultState } from './vaultSlice';

export const prefetchPasswordsPage =
  (address = '') =>
  (dispatch: ListDispatch, getState: () => { vault: VaultState }): PagePrefetch => ({
    code: PasswordsPage.load(),
    data: requestList(dispatch, selectListQuery(getState()), address),
  });

export const prefetchTrashPage =
  () =>
  (dispatch: ListDispatch): PagePrefetch => ({
    code: TrashPage.load(),
    data: dispatch(vaultCareApi.endpoints.getTrash.initiate(undefined, { subscribe: false })),
  });
