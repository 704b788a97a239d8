// The master-password calls: the check of SPEC section 7, the session's remaining attempts, lifting
// a pause of unlocking with a mailed code, and the unlock window of issue 15 (open, "Lock now"). Calls
// that carry the master password or a code are mutations triggered with `initiate(arg, { track: false })`:
// the argument never stays in the store.
import { baseApi } from '../../shared/api/baseApi';
import type { ApiFailure } from '../../shared/api/errorText';
import { openUnlockWindow } from '../../shared/api/vaultUnlock';
import type { UnlockGrantAnswer, UnlockWindowMinutes } from '../../common/unlockWindow';
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
    /**
     * POST /auth/vault-unlock: checks the master password (counted like verify-master) and opens the
     * window. The key goes straight into the tab's memory (vaultUnlock.ts): the answer that RTK Query
     * sees, dispatches and could cache is only when the window ends.
     */
    openUnlockWindow: build.mutation<
      { endsAt: number },
      { masterPassword: string; minutes: UnlockWindowMinutes }
    >({
      async queryFn(body, _api, _extra, baseQuery) {
        // Timed by this browser's clock from before the request, so the tab never outlasts the server.
        const endsAt = Date.now() + body.minutes * 60_000;
        const result = await baseQuery({ url: '/auth/vault-unlock', method: 'POST', body });
        if (result.error) return { error: result.error as ApiFailure };
        const unlockKey = (result.data as Answer<UnlockGrantAnswer> | null)?.data?.unlockKey;
        if (typeof unlockKey !== 'string' || !unlockKey) {
          return { error: { status: 'CUSTOM_ERROR', message: 'Invalid response from server' } };
        }
        // This tab's own window: the other tabs of the session keep theirs.
        openUnlockWindow(unlockKey, endsAt);
        return { data: { endsAt } };
      },
    }),
    /** DELETE /auth/vault-unlock: "Lock now" ends every window of the session (all its tabs) on the server. */
    lockVault: build.mutation<string, void>({
      query: () => ({ url: '/auth/vault-unlock', method: 'DELETE' }),
      transformResponse: messageOf,
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
