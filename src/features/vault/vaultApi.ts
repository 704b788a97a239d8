// Vault entry calls (SPEC section 7), shared by the dashboard and the Passwords page.
// Calls that carry the master password or answer a decrypted secret are mutations, triggered with
// `initiate(arg, { track: false })`: neither the argument nor the answer is kept in the store.
import { LIST_WINDOW_SIZE } from '../../common/limits';
import { passwordListParams } from '../../common/listQuery';
import type {
  PasswordEntry,
  PasswordEntryInput,
  PasswordListPage,
  PasswordListQuery,
  PasswordStats,
  RevealedPasswordEntry,
} from '../../common/wire';
import type { RootState } from '../../app/store';
import { baseApi, PASSWORD_LIST_TAG, trashChanged, vaultChanged } from '../../shared/api/baseApi';
import type { ApiFailure } from '../../shared/api/errorText';
import { flipFavorite } from './favoritePatch';

export interface MasterPasswordArg {
  masterPassword: string;
}
export interface EntrySecretArg extends MasterPasswordArg {
  id: string;
}
export type CreatePasswordArg = PasswordEntryInput & MasterPasswordArg;
export type UpdatePasswordArg = Omit<PasswordEntryInput, 'password'> &
  EntrySecretArg & {
    password?: string;
    /** The entry's updatedAt the form was filled in from: the server refuses (409) if it changed since. */
    ifUpdatedAt?: string;
  };
export interface FavoriteToggleResult {
  message: string;
  password: PasswordEntry;
}

interface Answer<T> {
  message?: string;
  data: T;
}

/** The filters of a list: its windows are asked for with a limit and a place of their own. */
export type PasswordListFilters = Omit<PasswordListQuery, 'limit' | 'cursor' | 'offset'>;

/** One window of a list: its filters, and its place (window `index` starts at entry index * LIST_WINDOW_SIZE). */
export interface WindowArg {
  filters: PasswordListFilters;
  index: number;
}

/**
 * How long a window out of view stays cached, in seconds: scrolling back within it costs nothing, and
 * however far a person scrolls, the tab keeps only the windows near the view (and refetches only those
 * after a change).
 */
const WINDOW_KEPT_FOR = 30;

/** What a window's answer carries for sure: the paging fields came with LIST_WINDOW_SIZE. */
type WindowAnswer = Pick<PasswordListPage, 'passwords'> & Partial<PasswordListPage>;

/** An answer without the paging fields (an older server, a short mock) reads as the one, last window. */
function windowOf(data: WindowAnswer): PasswordListPage {
  const { passwords } = data;
  return { passwords, nextCursor: data.nextCursor ?? null, total: data.total ?? passwords.length };
}

export const vaultApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A short list in one answer: the dashboard's recent entries (`limit: 5`). */
    getPasswords: build.query<PasswordEntry[], PasswordListQuery>({
      query: (query) => ({ url: '/passwords', params: passwordListParams(query) }),
      transformResponse: (answer: Answer<{ passwords: PasswordEntry[] }>) => answer.data.passwords,
      // Only the LIST tag: every change to an entry changes the lists too (order, filters, counts), and one
      // tag per entry cost ~100 ms of bookkeeping per answer with 10,000 entries (npm run bench).
      providesTags: [PASSWORD_LIST_TAG],
    }),
    /**
     * One window of the Passwords page's list, LIST_WINDOW_SIZE entries at its place: the page asks for
     * the windows in view, so a vault of 100,000 entries costs what is on screen. Each window is its own
     * cache entry. A window whose predecessor is here (reading on) starts where that one ended (its
     * keyset cursor: the same cost at any depth, and no entry twice or missed between the two); one
     * reached by a jump, or refetched after a change, by its place (`offset`: one request wherever a
     * scrollbar is dragged to).
     */
    getPasswordWindow: build.query<PasswordListPage, WindowArg>({
      async queryFn({ filters, index }, api, _extra, baseQuery) {
        const state = api.getState() as RootState;
        const cached = (at: number) =>
          vaultApi.endpoints.getPasswordWindow.select({ filters, index: at })(state);
        // A refetch goes by place: the window before it is being refetched too, its cursor about to change.
        const previous = index > 0 && !cached(index).data ? cached(index - 1) : undefined;
        const cursor = previous?.isSuccess ? (previous.data.nextCursor ?? undefined) : undefined;
        const place = cursor ? { cursor } : { offset: index * LIST_WINDOW_SIZE };
        const result = await baseQuery({
          url: '/passwords',
          params: passwordListParams({ ...filters, limit: LIST_WINDOW_SIZE, ...place }),
        });
        if (result.error) return { error: result.error as ApiFailure };
        return { data: windowOf((result.data as Answer<WindowAnswer>).data) };
      },
      // The same LIST tag as getPasswords: every change to the vault refetches the windows in view.
      providesTags: [PASSWORD_LIST_TAG],
      keepUnusedDataFor: WINDOW_KEPT_FOR,
    }),
    getPasswordStats: build.query<PasswordStats, void>({
      query: () => '/passwords/stats',
      transformResponse: (answer: Answer<PasswordStats>) => answer.data,
      providesTags: ['Stats'],
    }),
    createPassword: build.mutation<PasswordEntry, CreatePasswordArg>({
      query: (body) => ({ url: '/passwords', method: 'POST', body }),
      transformResponse: (answer: Answer<{ password: PasswordEntry }>) => answer.data.password,
      invalidatesTags: vaultChanged,
    }),
    updatePassword: build.mutation<PasswordEntry, UpdatePasswordArg>({
      query: ({ id, ...body }) => ({ url: `/passwords/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (answer: Answer<{ password: PasswordEntry }>) => answer.data.password,
      invalidatesTags: vaultChanged,
    }),
    /** Moves the entry to the trash (restorable for 30 days: vaultCareApi). */
    deletePassword: build.mutation<string, EntrySecretArg>({
      query: ({ id, masterPassword }) => ({
        url: `/passwords/${encodeURIComponent(id)}`,
        method: 'DELETE',
        body: { masterPassword },
      }),
      transformResponse: (answer: { message?: string }) => answer.message ?? '',
      invalidatesTags: trashChanged,
    }),
    /** The entry with its password and notes decrypted: never cached, never tracked. */
    viewPassword: build.mutation<RevealedPasswordEntry, EntrySecretArg>({
      query: ({ id, masterPassword }) => ({
        url: `/passwords/${encodeURIComponent(id)}/view`,
        method: 'POST',
        body: { masterPassword },
      }),
      transformResponse: (answer: Answer<{ password: RevealedPasswordEntry }>) => answer.data.password,
    }),
    toggleFavorite: build.mutation<FavoriteToggleResult, string>({
      query: (id) => ({ url: `/passwords/${encodeURIComponent(id)}/favorite`, method: 'PATCH' }),
      transformResponse: (answer: Answer<{ password: PasswordEntry }>) => ({
        message: answer.message ?? '',
        password: answer.data.password,
      }),
      // Every cached list, whole or in windows, shows the new state at once; a failure puts each one back.
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const state = getState();
        const patches = [
          ...vaultApi.util.selectCachedArgsForQuery(state, 'getPasswords').map((query) =>
            dispatch(
              vaultApi.util.updateQueryData('getPasswords', query, (draft) => {
                flipFavorite(draft, id, query.favorite);
              }),
            ),
          ),
          ...vaultApi.util.selectCachedArgsForQuery(state, 'getPasswordWindow').map((window) =>
            dispatch(
              vaultApi.util.updateQueryData('getPasswordWindow', window, (draft) => {
                flipFavorite(draft.passwords, id, window.filters.favorite);
              }),
            ),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
      invalidatesTags: vaultChanged,
    }),
  }),
});

export const { useGetPasswordsQuery, useGetPasswordStatsQuery } = vaultApi;
