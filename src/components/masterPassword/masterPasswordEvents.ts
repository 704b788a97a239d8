// The master-password flow is shared by every screen that needs the master password (SPEC section 4).
// Its state lives in the masterPassword feature's slice, which reduces these events; the shared dialog
// and hook in this folder dispatch them and read the state through the selectors below.
import { createAction } from '@reduxjs/toolkit';
import { MAX_MASTER_PASSWORD_ATTEMPTS } from '../../common/constants';

export type MasterPasswordPurpose = 'reveal' | 'create' | 'edit' | 'delete';

export interface MasterPasswordDialogState {
  purpose: MasterPasswordPurpose;
  entryId: string | null;
}

/** Never the password itself: only how often it was wrong and which dialog asks for it. */
export interface MasterPasswordState {
  failedAttempts: number;
  /** The attempts are exhausted: the sign-out is under way and no dialog may open. */
  lockedOut: boolean;
  dialog: MasterPasswordDialogState | null;
}

export const masterPasswordDialogOpened = createAction<{
  purpose: MasterPasswordPurpose;
  entryId?: string | null;
}>('masterPassword/dialogOpened');
export const masterPasswordDialogClosed = createAction('masterPassword/dialogClosed');
export const masterPasswordAttemptFailed = createAction('masterPassword/attemptFailed');
export const masterPasswordVerified = createAction('masterPassword/verified');

interface WithMasterPassword {
  masterPassword: MasterPasswordState;
}

export const selectMasterPassword = (state: WithMasterPassword) => state.masterPassword;

export const selectAttemptsRemaining = (state: WithMasterPassword) =>
  Math.max(0, MAX_MASTER_PASSWORD_ATTEMPTS - state.masterPassword.failedAttempts);

/** SPEC section 8: 'Invalid master password. N attempts remaining.' */
export function invalidMasterPasswordMessage(attemptsRemaining: number): string {
  return `Invalid master password. ${attemptsRemaining} attempts remaining.`;
}

export const LOCKOUT_TOAST = 'Too many failed attempts. Logging out for security.';
export const LOCKOUT_LOGIN_MESSAGE = 'Too many failed attempts. Please log in again.';
