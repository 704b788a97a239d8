// A reload of /dashboard starts the page's code and its queries with the session check.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { PagePrefetch } from '../../shared/api/pagePrefetch';
import { vaultApi, vaultCareApi } from '../vault';
import { DashboardPage } from './pages';
import { RECENT_QUERY } from './recentQuery';

export const prefetchDashboard =
  () =>
  (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): PagePrefetch => {
    // What `util.prefetch` does (initiate without a subscription), with the requests to wait for.
    const once = { subscribe: false } as const;
    return {
      code: DashboardPage.load(),
      data: Promise.allSettled([
        dispatch(vaultApi.endpoints.getPasswordStats.initiate(undefined, once)),
        dispatch(vaultApi.endpoints.getPasswords.initiate(RECENT_QUERY, once)),
        dispatch(vaultCareApi.endpoints.getVaultHealth.initiate(undefined, once)),
      ]),
    };
  };
