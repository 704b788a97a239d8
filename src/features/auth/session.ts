// Ending the session is shared: the top bar's logout, the master-password lockout and auto-logout use it.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, sessionEnded } from '../../shared/api/baseApi';
import { getStoredToken, removeStoredToken } from '../../shared/api/tokenStorage';
import { forgetUnlockWindow } from '../../shared/api/vaultUnlock';

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

/**
 * Revokes the token on the server (best effort), forgets it and the unlock window's key (logout,
 * auto-logout, the master-password lockout), and clears every cached answer.
 */
export function endSession() {
  return async (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => {
    // At once: no vault request may use the window while the logout is on its way.
    forgetUnlockWindow();
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
