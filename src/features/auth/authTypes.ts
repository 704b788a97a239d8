// What the auth screens send and what the auth endpoints hand back (never a token).
import type { User } from '../../common/wire';

export interface LoginCredentials {
  email: string;
  password: string;
}

export type LoginResult =
  { requiresTwoFactor: true; message: string } | { requiresTwoFactor: false; message: string; user: User };

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  masterPassword: string;
  /** The token of an invitation link (/register?invite=…), when sign-up is by invitation. */
  invite?: string;
}

export interface RegisterResult {
  message: string;
  email: string;
  /** The registration's handle: only this browser can complete or resend it. */
  registrationId: string;
}

/** What /verify-otp needs from the registration step. */
export interface PendingRegistration {
  email: string;
  registrationId: string;
}

/**
 * What the registration form held, minus its passwords: handed to /verify-otp and back, so that "Back to
 * registration" or "Start over" opens the form filled in rather than empty. No secret rides in it (the
 * router keeps it in the browser's history).
 */
export interface RegistrationDraft {
  firstName: string;
  lastName: string;
  email: string;
  /** The invitation the form came with (/register?invite=…), so that going back keeps it. */
  invite?: string;
}

export interface RegistrationOtpRequest extends PendingRegistration {
  otp: string;
}

export interface EmailRequest {
  email: string;
}

export interface OtpRequest {
  email: string;
  otp: string;
}

export interface ResetPasswordRequest extends OtpRequest {
  password: string;
}

export interface MessageResult {
  message: string;
}

export interface VerifiedRegistration {
  message: string;
  user: User;
}
