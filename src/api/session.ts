// Ending the session is shared: the top bar's logout, the master-password lockout and auto-logout use it.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, sessionEnded } from './baseApi';
import { getStoredToken, removeStoredToken } from './tokenStorage';

const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
  }),
});

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
