// The one createApi of the app. Features inject their endpoints (vaultApi, authApi, ...).
import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from './basePath';
import { errorText, failureDetails, isSessionEnded, type ApiFailure } from './errorText';
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
    error: {
      status: typeof status === 'number' ? status : String(status),
      message,
      ...failureDetails(result.error),
    },
    meta: result.meta,
  };
};

/** Every cached list of entries (whatever its filters) carries this one tag. */
export const PASSWORD_LIST_TAG = { type: 'Password', id: 'LIST' } as const;

/**
 * What a change to the vault's entries makes stale, whichever feature made it (an edit, a favourite,
 * a delete, an import): the lists, the dashboard's stats and the settings' counts.
 */
const VAULT_CHANGED_TAGS = [PASSWORD_LIST_TAG, 'Stats', 'Settings'] as const;

/** `invalidatesTags` of every call that changes entries: only a change that happened. */
export const vaultChanged = (_result: unknown, error: unknown) => (error ? [] : [...VAULT_CHANGED_TAGS]);

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Password', 'Stats', 'Settings', 'User', 'MasterPasswordStatus'],
  endpoints: () => ({}),
});
