// The one createApi of the app. Features inject their endpoints (vaultApi, authApi, ...).
import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { UNLOCK_HEADER } from '../../common/unlockWindow';
import { apiBaseUrl } from './basePath';
import { fetchWithEarlyAnswers } from './earlyResponses';
import { errorText, failureDetails, isSessionEnded, type ApiFailure } from './errorText';
import { CACHE_TAG_TYPES, type CacheTag } from './cacheTags';
import { announceToOtherTabs } from './otherTabs';
import { getStoredToken, removeStoredToken } from './tokenStorage';
import {
  askForVaultCredential,
  currentUnlockKey,
  forgetUnlockWindow,
  VAULT_LOCKED_MESSAGE,
  VAULT_LOCKED_REASON,
  WINDOW_CREDENTIAL,
} from './vaultUnlock';

/**
 * The session is over: the auth slice clears the user. 'server': the server said the token is over (the
 * session was ended on another device, or expired), not the person, and the login page says so. Without
 * a cause the person ended it (logout, auto-logout, the master-password lockout), which says why itself.
 */
export const sessionEnded = createAction<'server' | undefined>('api/sessionEnded');

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  // A reload's first requests were started before the app arrived (earlyResponses.ts).
  fetchFn: fetchWithEarlyAnswers,
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
    forgetUnlockWindow();
    dispatch(sessionEnded('server'));
  }
  return {
    status: typeof error.status === 'number' ? error.status : String(error.status),
    message,
    ...failureDetails(error),
  };
}

type BaseQueryArgs = Parameters<typeof rawBaseQuery>;
type RawResult = Awaited<ReturnType<typeof rawBaseQuery>>;

/** A vault request whose caller was handed WINDOW_CREDENTIAL by the prompt: it goes with the tab's key. */
function isWindowRequest(args: string | FetchArgs): args is FetchArgs & { body: Record<string, unknown> } {
  return (
    typeof args === 'object' &&
    typeof args.body === 'object' &&
    args.body !== null &&
    (args.body as Record<string, unknown>).masterPassword === WINDOW_CREDENTIAL
  );
}

const isVaultLocked = (error: FetchBaseQueryError | undefined) =>
  error?.status === 401 && (error.data as { reason?: unknown } | null)?.reason === VAULT_LOCKED_REASON;

/** What the server answers for a locked vault; also the answer when the window ended before sending. */
const vaultLocked: FetchBaseQueryError = {
  status: 401,
  data: { message: VAULT_LOCKED_MESSAGE, reason: VAULT_LOCKED_REASON },
};

function headersWith(init: FetchArgs['headers'], name: string, value: string): Headers {
  const plain = init && !(init instanceof Headers) && !Array.isArray(init);
  const headers = new Headers(
    plain
      ? Object.entries(init).filter((entry): entry is [string, string] => entry[1] !== undefined)
      : (init as HeadersInit | undefined),
  );
  headers.set(name, value);
  return headers;
}

/** Sends one request; a window request goes with the key in its header and without `masterPassword`. */
async function send([args, api, extraOptions]: BaseQueryArgs): Promise<RawResult> {
  if (!isWindowRequest(args)) return rawBaseQuery(args, api, extraOptions);
  const key = currentUnlockKey();
  if (!key) return { error: vaultLocked };
  const { masterPassword: _credential, ...body } = args.body;
  const headers = headersWith(args.headers, UNLOCK_HEADER, key);
  const result = await rawBaseQuery({ ...args, body, headers }, api, extraOptions);
  // The window ended on the server (expired, "Lock now" in another tab or device of the session, one of
  // its newest windows no more): forget it here.
  if (isVaultLocked(result.error)) forgetUnlockWindow(key);
  return result;
}

/**
 * fetchBaseQuery plus the house rules: the unlock window's key for vault requests (vaultUnlock.ts), and
 * every failure turned into `{ status, message }` by `apiFailure`. A vault request that finds the vault
 * locked asks for the master password again and is sent once more with the answer.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure> = async (
  args,
  api,
  extraOptions,
) => {
  let result = await send([args, api, extraOptions]);
  if (isWindowRequest(args) && isVaultLocked(result.error)) {
    const credential = await askForVaultCredential();
    if (credential !== null) {
      const retry = { ...args, body: { ...args.body, masterPassword: credential } };
      result = await send([retry, api, extraOptions]);
    }
  }
  if (!result.error) return { data: result.data, meta: result.meta };
  return { error: apiFailure(result.error, api.dispatch), meta: result.meta };
};

/** Every cached list of entries (whatever its filters) carries this one tag. */
export const PASSWORD_LIST_TAG = { type: 'Password', id: 'LIST' } as const satisfies CacheTag;

/**
 * What a change to the vault's entries makes stale, whichever feature made it (an edit, a favourite,
 * a delete, an import): the lists, the dashboard's stats, the passwords' health and the settings' counts.
 */
const VAULT_CHANGED_TAGS = [PASSWORD_LIST_TAG, 'Stats', 'Health', 'Settings'] as const;

/**
 * `invalidatesTags` of a change: `tags` once it happened (a failed call changed nothing). RTK Query asks
 * once per finished call; the same tags are told to this browser's other tabs, whose copies of those
 * answers are just as stale (otherTabs.ts).
 */
export function staleAfterChange<const T extends CacheTag>(tags: readonly T[]) {
  return (_result: unknown, error: unknown): T[] => {
    if (error) return [];
    announceToOtherTabs(tags);
    return [...tags];
  };
}

/** `invalidatesTags` of every call that changes entries. */
export const vaultChanged = staleAfterChange(VAULT_CHANGED_TAGS);

/** `invalidatesTags` of a call that moves entries in or out of the trash (delete, restore, purge). */
export const trashChanged = staleAfterChange([...VAULT_CHANGED_TAGS, 'Trash']);

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: CACHE_TAG_TYPES,
  // On the actions of refreshOnReturn.ts, started by the signed-in layout.
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
