// The one createApi of the app. Features inject their endpoints (vaultApi, authApi, ...).
import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from './basePath';
import { errorText, isSessionEnded, type ApiFailure } from './errorText';
import { getStoredToken, removeStoredToken } from './tokenStorage';

/** The session is over (logout, a 401 about the token, a lockout): the auth slice clears the user. */
export const sessionEnded = createAction('api/sessionEnded');

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders(headers) {
    const token = getStoredToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Errors come out as `{ status, message }` with SPEC section 8's text; a 401 about the token signs out. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const message = errorText(result.error);
  const status = result.error.status;
  if (isSessionEnded(status, message)) {
    removeStoredToken();
    api.dispatch(sessionEnded());
  }
  return {
    error: { status: typeof status === 'number' ? status : String(status), message },
    meta: result.meta,
  };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Password', 'Stats', 'Settings', 'User'],
  endpoints: () => ({}),
});
