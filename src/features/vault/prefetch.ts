// A reload of /passwords starts the page's code and its list together with the session check, so the
// first cards do not wait for three round trips in a row (npm run bench: first cards on /passwords).
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { vaultApi } from './vaultApi';
import { selectListQuery, type VaultState } from './vaultSlice';

export const loadPasswordsPage = () => import('./PasswordsPage');

export const prefetchPasswordsPage =
  () =>
  (
    dispatch: ThunkDispatch<{ vault: VaultState }, unknown, UnknownAction>,
    getState: () => { vault: VaultState },
  ) => {
    void loadPasswordsPage();
    // The list's first window, as the page asks for it. This is what `util.prefetch` does (initiate without
    // a subscription, nothing if it is cached already), whose types in RTK 2.14 take plain queries only.
    dispatch(
      vaultApi.endpoints.getPasswordWindows.initiate(selectListQuery(getState()), { subscribe: false }),
    );
  };
