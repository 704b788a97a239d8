// The auth feature as the app and other features see it: its pages, the session (start, end, the
// server's idle limit), the current user and the slice that says whether a session is held.
import { lazy } from 'react';

// Each page is its own chunk: a cold /login loads only what the form needs.
export const LoginPage = lazy(() => import('./LoginPage'));
export const RegisterPage = lazy(() => import('./RegisterPage'));
export const VerifyOtpPage = lazy(() => import('./VerifyOtpPage'));
export const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));
export const ResetWizardPage = lazy(() => import('./ResetWizardPage'));

export { SessionUnreachable } from './SessionUnreachable';
export { authSlice, restoreSession } from './authSlice';
export { selectIsAuthenticated, selectSessionLoading, selectSessionUnreachable } from './authSelectors';
export { currentUserApi, currentUserSignedIn, selectCurrentUser, useCurrentUser } from './currentUserApi';
export { endSession, keepSessionAlive } from './session';
