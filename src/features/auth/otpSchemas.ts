import { object, string } from 'yup';
import { OTP_PATTERN } from './schemaParts';

export const INVALID_OTP_MESSAGE = 'Please enter a valid 6-digit OTP';

/** SPEC section 5, registration: submit requires exactly 6 digits. */
export const registrationOtpSchema = object({
  otp: string().required(INVALID_OTP_MESSAGE).matches(OTP_PATTERN, INVALID_OTP_MESSAGE),
});

/** SPEC section 5, reset wizard: 'OTP is required', 'OTP must be 6 digits'. */
export const resetOtpSchema = object({
  otp: string().required('OTP is required').matches(OTP_PATTERN, 'OTP must be 6 digits'),
});
