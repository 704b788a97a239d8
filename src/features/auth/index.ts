// The auth feature as the app and other features see it: its pages, the session (start, end, the
// server's idle limit), the current user and the slice that says whether a session is held.
import { lazyWithPreload } from '../../shared/ui/lazyWithPreload';

// Each page is its own chunk: a cold /login loads only what the form needs.
export const LoginPage = lazyWithPreload(() => import('./LoginPage'));
export const RegisterPage = lazyWithPreload(() => import('./RegisterPage'));
export const VerifyOtpPage = lazyWithPreload(() => import('./VerifyOtpPage'));
export const ForgotPasswordPage = lazyWithPreload(() => import('./ForgotPasswordPage'));
export const ResetWizardPage = lazyWithPreload(() => import('./ResetWizardPage'));

export { SessionUnreachable } from './SessionUnreachable';
export { authSlice, restoreSession } from './authSlice';
export {
  selectIsAuthenticated,
  selectSessionEndedByServer,
  selectSessionLoading,
  selectSessionUnreachable,
} from './authSelectors';
export { currentUserApi, currentUserSignedIn, selectCurrentUser, useCurrentUser } from './currentUserApi';
export { endSession, keepSessionAlive } from './session';
