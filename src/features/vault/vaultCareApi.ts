// What cares for the vault over time (issue 14): the passwords' health, the trash and the password
// history. The history answers decrypted passwords: a mutation triggered with `track: false`, like a
// reveal, so neither the master password nor the answer is kept in the store.
import type { HistoryItem, PasswordEntry, TrashedPasswordEntry, VaultHealth } from '../../common/wire';
import { baseApi, trashChanged } from '../../shared/api/baseApi';
import type { EntrySecretArg } from './vaultApi';

interface Answer<T> {
  message?: string;
  data: T;
}

export const vaultCareApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** How many entries are weak, reused or old (the server keeps what it needs at each save). */
    getVaultHealth: build.query<VaultHealth, void>({
      query: () => '/passwords/health',
      transformResponse: (answer: Answer<VaultHealth>) => answer.data,
      providesTags: ['Health'],
    }),
    /** The deleted entries, most recently deleted first (never a secret). */
    getTrash: build.query<TrashedPasswordEntry[], void>({
      query: () => '/passwords/trash',
      transformResponse: (answer: Answer<{ passwords: TrashedPasswordEntry[] }>) => answer.data.passwords,
      providesTags: ['Trash'],
    }),
    /** Puts a deleted entry back as it was; needs no master password. */
    restorePassword: build.mutation<PasswordEntry, string>({
      query: (id) => ({ url: `/passwords/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      transformResponse: (answer: Answer<{ password: PasswordEntry }>) => answer.data.password,
      invalidatesTags: trashChanged,
    }),
    /** Deletes a trashed entry for good. */
    purgePassword: build.mutation<string, EntrySecretArg>({
      query: ({ id, masterPassword }) => ({
        url: `/passwords/${encodeURIComponent(id)}/purge`,
        method: 'DELETE',
        body: { masterPassword },
      }),
      transformResponse: (answer: { message?: string }) => answer.message ?? '',
      invalidatesTags: trashChanged,
    }),
    /**
     * Empty trash: deletes for good what the page showed, up to `through` (the newest deletion listed;
     * one trashed later, in another tab, stays). Answers how many were deleted.
     */
    emptyTrash: build.mutation<number, { through: string; masterPassword: string }>({
      query: ({ through, masterPassword }) => ({
        url: '/passwords/trash',
        method: 'DELETE',
        body: { masterPassword, through },
      }),
      transformResponse: (answer: Answer<{ deleted: number }>) => answer.data.deleted,
      invalidatesTags: trashChanged,
    }),
    /** The entry's earlier passwords, decrypted, newest first: never cached, never tracked. */
    getPasswordHistory: build.mutation<HistoryItem[], EntrySecretArg>({
      query: ({ id, masterPassword }) => ({
        url: `/passwords/${encodeURIComponent(id)}/history`,
        method: 'POST',
        body: { masterPassword },
      }),
      transformResponse: (answer: Answer<{ history: HistoryItem[] }>) => answer.data.history,
    }),
  }),
});

export const { useGetVaultHealthQuery, useGetTrashQuery } = vaultCareApi;
