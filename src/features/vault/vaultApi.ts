// Vault entry calls (SPEC section 7), shared by the dashboard and the Passwords page.
// Calls that carry the master password or answer a decrypted secret are mutations, triggered with
// `initiate(arg, { track: false })`: neither the argument nor the answer is kept in the store.
import type {
  PasswordEntry,
  PasswordEntryInput,
  PasswordListQuery,
  PasswordStats,
  RevealedPasswordEntry,
} from '../../common/wire';
import { baseApi, PASSWORD_LIST_TAG, vaultChanged } from '../../shared/api/baseApi';

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

/** Query-string parameters without the empty ones, so equal filters share one cache entry. */
export function listParams(query: PasswordListQuery = {}): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  if (query.search?.trim()) params.search = query.search.trim();
  if (query.category) params.category = query.category;
  if (query.favorite) params.favorite = true;
  if (query.limit) params.limit = query.limit;
  return params;
}

export const vaultApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPasswords: build.query<PasswordEntry[], PasswordListQuery>({
      query: (query) => ({ url: '/passwords', params: listParams(query) }),
      transformResponse: (answer: Answer<{ passwords: PasswordEntry[] }>) => answer.data.passwords,
      // Only the LIST tag: every change to an entry changes the lists too (order, filters, counts), and one
      // tag per entry cost ~100 ms of bookkeeping per answer with 10,000 entries (npm run bench).
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
    deletePassword: build.mutation<string, EntrySecretArg>({
      query: ({ id, masterPassword }) => ({
        url: `/passwords/${encodeURIComponent(id)}`,
        method: 'DELETE',
        body: { masterPassword },
      }),
      transformResponse: (answer: { message?: string }) => answer.message ?? '',
      invalidatesTags: vaultChanged,
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
      // Every cached list shows the new state at once; a failure puts each one back.
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patches = vaultApi.util.selectCachedArgsForQuery(getState(), 'getPasswords').map((query) =>
          dispatch(
            vaultApi.util.updateQueryData('getPasswords', query, (draft) => {
              const index = draft.findIndex((entry) => entry._id === id);
              if (index < 0) return;
              const isFavorite = !draft[index].isFavorite;
              if (query.favorite && !isFavorite) draft.splice(index, 1);
              else draft[index].isFavorite = isFavorite;
            }),
          ),
        );
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
