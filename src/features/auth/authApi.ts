// Auth endpoints. Secrets rule: the token never enters the store or the RTK Query cache. Login and
// registration verification store it in localStorage here and return the answer without it; screens
// trigger secret-carrying mutations with `initiate(arg, { track: false })` so nothing is kept in state.
// The current user (GET /auth/me) is currentUserApi.ts: sign-in writes the answer's user there.
import { baseApi } from '../../shared/api/baseApi';
import { currentUserSignedIn } from './currentUserApi';
import type { ApiFailure } from '../../shared/api/errorText';
import { setStoredToken } from '../../shared/api/tokenStorage';
import type { User } from '../../common/wire';
import type {
  EmailRequest,
  LoginCredentials,
  LoginResult,
  MessageResult,
  OtpRequest,
  PendingRegistration,
  RegisterRequest,
  RegistrationOtpRequest,
  RegisterResult,
  ResetPasswordRequest,
  VerifiedRegistration,
} from './authTypes';

/** The sign-in call; the second step sends the same credentials with the code (SPEC section 4). */
export interface LoginRequest extends LoginCredentials {
  /** A 6-digit authenticator code or a recovery code, when the first answer said requiresTwoFactor. */
  twoFactorCode?: string;
}

export const INVALID_RESPONSE = 'Invalid response from server';
const invalidResponse: ApiFailure = { status: 'CUSTOM_ERROR', message: INVALID_RESPONSE };
// What another account may have left in the cache. Not 'User': sign-in writes the new user itself.
const SESSION_TAGS = ['Password', 'Stats', 'Health', 'Trash', 'Settings'] as const;

interface Answer {
  message?: string;
  email?: string;
  registrationId?: string;
  requiresTwoFactor?: boolean;
  user?: User;
  token?: string;
  data?: { user?: User; token?: string };
}

const post = (url: string, body: object) => ({ url, method: 'POST', body });
const messageOr = (fallback: string) => (answer: Answer | null) => ({ message: answer?.message || fallback });

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginRequest>({
      async queryFn(credentials, api, _extra, baseQuery) {
        const result = await baseQuery(post('/auth/login', credentials));
        if (result.error) return { error: result.error };
        const answer = (result.data ?? {}) as Answer;
        if (answer.requiresTwoFactor) {
          return { data: { requiresTwoFactor: true, message: answer.message || 'Two-factor code required' } };
        }
        const { user, token } = answer.data ?? {};
        if (!user || !token) return { error: invalidResponse };
        setStoredToken(token);
        api.dispatch(currentUserSignedIn(user));
        return { data: { requiresTwoFactor: false, message: answer.message || 'Login successful!', user } };
      },
      invalidatesTags: [...SESSION_TAGS],
    }),
    register: build.mutation<RegisterResult, RegisterRequest>({
      query: (registration) => post('/auth/register', registration),
      transformResponse: (answer: Answer | null, _meta, registration) => ({
        message: answer?.message || 'Registration initiated successfully',
        email: answer?.email || registration.email,
        registrationId: answer?.registrationId ?? '',
      }),
    }),
    resendRegistrationOtp: build.mutation<MessageResult, PendingRegistration>({
      query: (body) => post('/auth/resend-registration-otp', body),
      transformResponse: messageOr('New verification code sent'),
    }),
    verifyRegistrationOtp: build.mutation<VerifiedRegistration, RegistrationOtpRequest>({
      async queryFn(body, api, _extra, baseQuery) {
        const result = await baseQuery(post('/auth/verify-registration-otp', body));
        if (result.error) return { error: result.error };
        const { user, token, message } = (result.data ?? {}) as Answer;
        if (!user || !token) return { error: invalidResponse };
        setStoredToken(token);
        api.dispatch(currentUserSignedIn(user));
        return { data: { message: message || 'Registration completed successfully!', user } };
      },
      invalidatesTags: [...SESSION_TAGS],
    }),
    forgotPassword: build.mutation<MessageResult, EmailRequest>({
      query: (body) => post('/auth/forgot-password', body),
      transformResponse: messageOr('Password reset OTP sent successfully!'),
    }),
    verifyResetOtp: build.mutation<MessageResult, OtpRequest>({
      query: (body) => post('/auth/verify-otp', body),
      transformResponse: messageOr('OTP verified successfully!'),
    }),
    resetPassword: build.mutation<MessageResult, ResetPasswordRequest>({
      query: (body) => post('/auth/reset-password', body),
      transformResponse: messageOr('Password reset successful!'),
    }),
  }),
});
