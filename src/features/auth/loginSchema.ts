import { object, string } from 'yup';
import { emailField } from './schemaParts';

/** SPEC section 5: e-mail and login password. */
export const loginSchema = object({
  email: emailField(),
  password: string().required('Password is required'),
});

export const TWO_FACTOR_CODE_REQUIRED = 'Authentication code is required';
export const TWO_FACTOR_CODE_INVALID = 'Enter the 6-digit code or a recovery code such as ABCD-EFGH';

/** An authenticator code (6 digits) or a recovery code (8 letters and digits, the dash optional). */
export function isTwoFactorCodeShape(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(compact) || /^[A-Za-z0-9]{8}$/.test(compact);
}

/** The second step of a sign-in with two-factor authentication on. */
export const twoFactorCodeSchema = object({
  code: string()
    .trim()
    .required(TWO_FACTOR_CODE_REQUIRED)
    .test('two-factor-code', TWO_FACTOR_CODE_INVALID, (value) => isTwoFactorCodeShape(value ?? '')),
});
