// A reload of /dashboard starts the page's code and its queries with the session check.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { vaultApi, vaultCareApi } from '../vault';
import { DashboardPage } from './pages';
import { RECENT_QUERY } from './recentQuery';

export const prefetchDashboard = () => (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => {
  void DashboardPage.load();
  dispatch(vaultApi.util.prefetch('getPasswordStats', undefined, {}));
  dispatch(vaultApi.util.prefetch('getPasswords', RECENT_QUERY, {}));
  dispatch(vaultCareApi.util.prefetch('getVaultHealth', undefined, {}));
};
