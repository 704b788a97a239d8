// The sign-in call both login steps share. The credentials (and the second step's code) go from React
// state straight into the request: `track: false` keeps them out of the store, and the answer's token
// goes to localStorage only (authApi.ts). On success: 'Login successful!' and the dashboard.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { isApiFailure, messageOf } from '../../shared/api/errorText';
import { useAppDispatch } from '../../app/hooks';
import { authApi, type LoginRequest } from './authApi';

export const LOGIN_SUCCESS = 'Login successful!';
export const INVALID_CREDENTIALS = 'Invalid credentials';
export const UNEXPECTED_LOGIN_ERROR = 'An unexpected error occurred. Please try again.';

/** signedIn: the session exists and the dashboard is opening; twoFactor: a code is needed. */
export type LoginOutcome = 'signedIn' | 'twoFactor';

/** The text of a failed sign-in: the server's message (else 'Invalid credentials'), or the generic text. */
export function loginFailureText(error: unknown): string {
  const http = isApiFailure(error) && typeof error.status === 'number';
  return http ? messageOf(error, INVALID_CREDENTIALS) : UNEXPECTED_LOGIN_ERROR;
}

/** Sends the sign-in; a failure is thrown to the caller, which decides how to show it. */
export function useLogin() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (request: LoginRequest): Promise<LoginOutcome> => {
      const result = await dispatch(authApi.endpoints.login.initiate(request, { track: false })).unwrap();
      if (result.requiresTwoFactor) return 'twoFactor';
      enqueueSnackbar(LOGIN_SUCCESS, { variant: 'success' });
      void navigate('/dashboard', { replace: true });
      return 'signedIn';
    },
    [dispatch, enqueueSnackbar, navigate],
  );
}
