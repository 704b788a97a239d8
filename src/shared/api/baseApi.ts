// The one createApi of the app. Features inject their endpoints (vaultApi, authApi, ...).
import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
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

/**
 * The rule for every failed answer: `{ status, message }` with SPEC section 8's text, and a 401 about the
 * token signs out. The base query applies it; so does any endpoint that sends its request another way
 * (the import, through XMLHttpRequest for its upload progress).
 */
export function apiFailure(
  error: FetchBaseQueryError,
  dispatch: (action: UnknownAction) => unknown,
): ApiFailure {
  const message = errorText(error);
  if (isSessionEnded(error.status, message)) {
    removeStoredToken();
    dispatch(sessionEnded());
  }
  return {
    status: typeof error.status === 'number' ? error.status : String(error.status),
    message,
    ...failureDetails(error),
  };
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  return { error: apiFailure(result.error, api.dispatch), meta: result.meta };
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
