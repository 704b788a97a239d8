// The signed-in user (GET /auth/me): one endpoint, one cache entry, the only copy of the user in the
// app. The session start (restoreSession) fetches it, sign-in writes the answer's user into it, and the
// signed-in layout holds it for the session. Tagged 'User': a profile save or a two-factor change
// refetches it.
import { createSelector } from '@reduxjs/toolkit';
import type { User } from '../../common/wire';
import { baseApi } from '../../shared/api/baseApi';
import type { ApiFailure } from '../../shared/api/errorText';

const invalidResponse: ApiFailure = { status: 'CUSTOM_ERROR', message: 'Invalid response from server' };

export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query<User, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/auth/me');
        if (result.error) return { error: result.error };
        const user = (result.data as { data?: { user?: User } } | null)?.data?.user;
        return user ? { data: user } : { error: invalidResponse };
      },
      providesTags: ['User'],
    }),
  }),
});

/** The signed-in user, or null before it is known and after sign-out. */
export const selectCurrentUser = createSelector(
  currentUserApi.endpoints.currentUser.select(),
  (result) => result.data ?? null,
);

/**
 * Sign-in answered with the user: it becomes the current user at once (a synchronous write, so the
 * first signed-in render finds it) without another request.
 */
export const currentUserSignedIn = (user: User) =>
  currentUserApi.util.upsertQueryEntries([{ endpointName: 'currentUser', arg: undefined, value: user }]);

/**
 * The current user for a screen, kept subscribed while the screen is shown: the signed-in layout uses
 * it so that the entry lives as long as the session, whichever screens come and go.
 */
export function useCurrentUser() {
  const { data, isLoading, isError, refetch } = currentUserApi.useCurrentUserQuery();
  return { user: data ?? null, isLoading, isError, refetch };
}
