// The texts of the master-password flow (SPEC section 8, with "1 attempt" in the singular).
import { MAX_MASTER_PASSWORD_ATTEMPTS } from '../../common/constants';

const attempts = (remaining: number) => (remaining === 1 ? '1 attempt' : `${remaining} attempts`);

/** 'Invalid master password. N attempts remaining.' */
export function invalidMasterPasswordMessage(attemptsRemaining: number): string {
  return `Invalid master password. ${attempts(attemptsRemaining)} remaining.`;
}

/** The warning a dialog shows while fewer than three attempts remain. */
export function attemptsWarning(remaining: number): string {
  return `${attempts(remaining)} remaining. After ${MAX_MASTER_PASSWORD_ATTEMPTS} failed attempts you will be logged out.`;
}

export const LOCKOUT_TOAST = 'Too many failed attempts. Logging out for security.';
export const LOCKOUT_LOGIN_MESSAGE = 'Too many failed attempts. Please log in again.';

/** The server's reasons (server/modules/vault/masterPassword.service.ts). */
export const REASONS = {
  sessionEnded: 'master-password-session-ended',
  paused: 'master-password-locked',
} as const;
