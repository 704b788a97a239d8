// The signed-in user (GET /auth/me), read by every screen that shows it and by the session start
// (features/auth restoreSession): one endpoint, one cache entry. The auth slice follows its answers.
// Tagged 'User', so a profile save or a two-factor change refetches it.
import type { User } from '../common/wire';
import { baseApi } from './baseApi';
import type { ApiFailure } from './errorText';

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

export const { useCurrentUserQuery } = currentUserApi;
