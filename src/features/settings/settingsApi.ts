// The account calls of SPEC section 7 (user and settings) and the two-factor calls of issue 4.
// Calls that carry a password, a master password or a code, or answer a TOTP secret or recovery codes,
// are triggered with `initiate(arg, { track: false })`: neither argument nor answer stays in the store.
import { baseApi, staleAfterChange } from '../../shared/api/baseApi';
import { announceToOtherTabs } from '../../shared/api/otherTabs';
import type { ApiFailure } from '../../shared/api/errorText';
import type { GeneratorOptions } from '../../common/generatorOptions';
import type { UnlockWindowChoice } from '../../common/unlockWindow';
import { listOrderOf, type ListPreferences } from '../../common/listOrder';
import type { Preferences, Settings, User } from '../../common/wire';
import { rememberListOrder } from './rememberedListOrder';
import { secretAnswer } from './secretAnswer';

export type SettingsPreferences = Pick<Settings, 'emailNotifications' | 'securityAlerts' | 'autoLogout'>;
/**
 * What a save sends: any of the preferences, the unlock window's minutes and the list's view, order and
 * favourites first (issue 15); the generator's options are replaced whole when sent.
 */
export type SettingsChange = Partial<SettingsPreferences> &
  Partial<ListPreferences> & {
    generator?: GeneratorOptions;
    unlockMinutes?: UnlockWindowChoice;
  };
export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
}
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}
export interface MasterPasswordChange {
  currentMasterPassword: string;
  newMasterPassword: string;
}
export interface AccountDeletion {
  password: string;
  masterPassword: string;
}
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** A PNG of the otpauth URL as a data: URL. */
  qrCode: string;
}
export interface TwoFactorActivation {
  message: string;
  recoveryCodes: string[];
}

interface Answer {
  message?: string;
  user?: User;
  settings?: Settings;
  preferences?: Preferences;
}

export const INVALID_RESPONSE_FORMAT = 'Invalid response format';
const invalidFormat: ApiFailure = { status: 'CUSTOM_ERROR', message: INVALID_RESPONSE_FORMAT };
const answerMessage = (answer: Answer | null) => answer?.message ?? '';
/** The signed-in user changed: the current-user query refetches, here and in the other tabs. */
const userChanged = staleAfterChange(['User']);

export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, void>({
      query: () => '/user/settings',
      transformResponse: (answer: Answer) => answer.settings as Settings,
      providesTags: ['Settings'],
    }),
    /** The preferences alone: what every page reads (the Settings page also needs the vault's counts). */
    getPreferences: build.query<Preferences, void>({
      query: () => '/user/preferences',
      transformResponse: (answer: Answer) => answer.preferences as Preferences,
      providesTags: ['Settings'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The defaults for what the answer says nothing of: what the page then shows.
          if (data) rememberListOrder(listOrderOf(data));
        } catch {
          // Nothing answered: nothing to keep.
        }
      },
    }),
    /** Saves the preferences; every cached copy shows them at once and goes back if the save fails. */
    updateSettings: build.mutation<{ message: string; settings: Settings }, SettingsChange>({
      query: (body) => ({ url: '/user/settings', method: 'PUT', body }),
      transformResponse: (answer: Answer) => ({
        message: answerMessage(answer),
        settings: answer.settings as Settings,
      }),
      async onQueryStarted(preferences, { dispatch, queryFulfilled }) {
        const patches = (['getSettings', 'getPreferences'] as const).map((endpoint) =>
          dispatch(
            settingsApi.util.updateQueryData(endpoint, undefined, (draft) => {
              Object.assign(draft, preferences);
            }),
          ),
        );
        try {
          const { data } = await queryFulfilled;
          rememberListOrder(preferences);
          // The other tabs' preferences (auto-logout, the list's order) are the saved ones now.
          announceToOtherTabs(['Settings']);
          if (data.settings) {
            await dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, data.settings));
          }
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
    }),
    updateProfile: build.mutation<{ message: string; user: User }, ProfileInput>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/user/profile', method: 'PUT', body });
        if (result.error) return { error: result.error };
        const answer = result.data as Answer | null;
        if (!answer?.user) return { error: invalidFormat };
        return { data: { message: answerMessage(answer), user: answer.user } };
      },
      invalidatesTags: userChanged,
    }),
    changePassword: build.mutation<string, PasswordChange>({
      query: (body) => ({ url: '/user/password', method: 'PUT', body }),
      transformResponse: answerMessage,
    }),
    changeMasterPassword: build.mutation<string, MasterPasswordChange>({
      query: (body) => ({ url: '/user/master-password', method: 'PUT', body }),
      transformResponse: answerMessage,
    }),
    /** Both passwords of a deletion, checked before the final question; nothing is deleted. */
    checkAccountDeletion: build.mutation<string, AccountDeletion>({
      query: (body) => ({ url: '/user/account/check', method: 'POST', body }),
      transformResponse: answerMessage,
    }),
    deleteAccount: build.mutation<string, AccountDeletion>({
      query: (body) => ({ url: '/user/account', method: 'DELETE', body }),
      transformResponse: answerMessage,
    }),
    enableTwoFactor: build.mutation<TwoFactorSetup, { password: string }>({
      query: (body) => ({ url: '/auth/enable-2fa', method: 'POST', body }),
      transformResponse: ({ secret, otpauthUrl, qrCode }: TwoFactorSetup) =>
        secretAnswer({ secret, otpauthUrl, qrCode }),
    }),
    verifyTwoFactorSetup: build.mutation<TwoFactorActivation, { otp: string }>({
      query: (body) => ({ url: '/auth/verify-2fa-setup', method: 'POST', body }),
      transformResponse: ({ message, recoveryCodes }: TwoFactorActivation) =>
        secretAnswer({ message: message ?? '', recoveryCodes: [...recoveryCodes] }),
      invalidatesTags: userChanged,
    }),
    disableTwoFactor: build.mutation<string, { password: string; code: string }>({
      query: (body) => ({ url: '/auth/disable-2fa', method: 'POST', body }),
      transformResponse: answerMessage,
      invalidatesTags: userChanged,
    }),
  }),
});

export const {
  useGetPreferencesQuery,
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useUpdateProfileMutation,
} = settingsApi;
