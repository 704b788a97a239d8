// The master-password calls: the check of SPEC section 7, the session's remaining attempts, and lifting
// a pause of unlocking with a mailed code. Calls that carry the master password or a code are mutations
// triggered with `initiate(arg, { track: false })`: the argument never stays in the store.
import { baseApi } from '../../shared/api/baseApi';
import type { MasterPasswordStatus } from '../../common/wire';

interface Answer<T> {
  message?: string;
  data: T;
}

const messageOf = (answer: { message?: string } | null) => answer?.message ?? '';

export const masterPasswordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The server's count for this session (and a pause of the account): what the dialogs show. */
    getMasterPasswordStatus: build.query<MasterPasswordStatus, void>({
      query: () => '/auth/master-password/status',
      transformResponse: (answer: Answer<MasterPasswordStatus>) => answer.data,
      providesTags: ['MasterPasswordStatus'],
    }),
    /** POST /auth/verify-master: success or failure only. */
    verifyMasterPassword: build.mutation<void, { masterPassword: string }>({
      query: (body) => ({ url: '/auth/verify-master', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    sendUnlockCode: build.mutation<string, void>({
      query: () => ({ url: '/auth/master-password/unlock-code', method: 'POST', body: {} }),
      transformResponse: messageOf,
    }),
    unlockWithCode: build.mutation<string, { otp: string }>({
      query: (body) => ({ url: '/auth/master-password/unlock', method: 'POST', body }),
      transformResponse: messageOf,
      invalidatesTags: (_result, error) => (error ? [] : ['MasterPasswordStatus']),
    }),
  }),
});

export const { useGetMasterPasswordStatusQuery } = masterPasswordApi;
