// Ending the session is shared: the top bar's logout, the master-password lockout and auto-logout use it.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, sessionEnded } from '../../shared/api/baseApi';
import { getStoredToken, removeStoredToken } from '../../shared/api/tokenStorage';

const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    keepAlive: build.mutation<void, void>({
      query: () => ({ url: '/auth/keep-alive', method: 'POST', body: {} }),
    }),
  }),
});

/**
 * Tells the server the person is active (the session's idle limit starts again). The server ends a
 * session idle for longer than the auto-logout minutes, so a stolen token dies with the idle browser.
 */
export function keepSessionAlive() {
  return (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) =>
    dispatch(sessionApi.endpoints.keepAlive.initiate(undefined, { track: false }));
}

/** Revokes the token on the server (best effort), forgets it, and clears every cached answer. */
export function endSession() {
  return async (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => {
    if (getStoredToken()) {
      await dispatch(sessionApi.endpoints.logout.initiate(undefined, { track: false }))
        .unwrap()
        .catch(() => undefined);
    }
    removeStoredToken();
    dispatch(sessionEnded());
    dispatch(baseApi.util.resetApiState());
  };
}
