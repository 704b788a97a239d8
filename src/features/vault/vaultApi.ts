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
import { baseApi, PASSWORD_LIST_TAG, trashChanged, vaultChanged } from '../../shared/api/baseApi';
import { flipFavorite } from './favoritePatch';

export interface MasterPasswordArg {
  masterPassword: string;
}
export interface EntrySecretArg extends MasterPasswordArg {
  id: string;
}
export type CreatePasswordArg = PasswordEntryInput & MasterPasswordArg;
export type UpdatePasswordArg = Omit<PasswordEntryInput, 'password'> & EntrySecretArg & { password?: string };
export interface FavoriteToggleResult {
  message: string;
  password: PasswordEntry;
}

interface Answer<T> {
  message?: string;
  data: T;
}

/** The filters of a list: its windows are asked for with a limit and a cursor of their own. */
export type PasswordListFilters = Omit<PasswordListQuery, 'limit' | 'cursor'>;
/** Where a window starts: null for the first one, else the `nextCursor` of the window before. */
export type WindowCursor = string | null;

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
     * The Passwords page's list, LIST_WINDOW_SIZE entries at a time, so a vault of 100,000 entries costs
     * its first window, not the whole list. All windows of one set of filters share one cache entry.
     */
    getPasswordWindows: build.infiniteQuery<PasswordListPage, PasswordListFilters, WindowCursor>({
      infiniteQueryOptions: {
        initialPageParam: null,
        // Keyset cursors: a window starts where the one before it ended, so windows come in order.
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/passwords',
        params: passwordListParams({ ...queryArg, limit: LIST_WINDOW_SIZE, cursor: pageParam ?? undefined }),
      }),
      transformResponse: (answer: Answer<WindowAnswer>) => windowOf(answer.data),
      // The same LIST tag as getPasswords: every change to the vault refetches the windows already loaded
      // (RTK Query refetches them one after another, from the first, with fresh cursors).
      providesTags: [PASSWORD_LIST_TAG],
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
          ...vaultApi.util.selectCachedArgsForQuery(state, 'getPasswordWindows').map((filters) =>
            dispatch(
              vaultApi.util.updateQueryData('getPasswordWindows', filters, (draft) => {
                draft.pages.some((page) => flipFavorite(page.passwords, id, filters.favorite));
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

export const { useGetPasswordsQuery, useGetPasswordWindowsInfiniteQuery, useGetPasswordStatsQuery } =
  vaultApi;
