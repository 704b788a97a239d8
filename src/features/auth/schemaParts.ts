// Yup pieces shared by the auth forms, with SPEC section 5's texts.
import { string } from 'yup';
import { MIN_NAME_LENGTH, OTP_LENGTH } from '../../common/constants';
import { isPasswordValid, requiredMessage } from '../../common/passwordPolicy';

/** SPEC section 5: "a simple x@y pattern" (the server uses the same). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
/** The server accepts names up to this length. */
export const MAX_NAME_LENGTH = 100;

export const emailField = () =>
  string().trim().required('Email is required').matches(EMAIL_PATTERN, 'Invalid email address');

export const nameField = (label: 'First name' | 'Last name') =>
  string()
    .trim()
    .required(`${label} is required`)
    .min(MIN_NAME_LENGTH, `${label} must be at least ${MIN_NAME_LENGTH} characters`)
    .max(MAX_NAME_LENGTH, `${label} must be at most ${MAX_NAME_LENGTH} characters`);

/** Account and master password at registration: 'Required: 8+ characters, uppercase letter, ...'. */
export const policyPasswordField = () =>
  string()
    .default('')
    .test(
      'password-policy',
      ({ value }: { value?: string }) => requiredMessage(value ?? ''),
      (value) => isPasswordValid(value ?? ''),
    );
