import { object, ref, string } from 'yup';
import { isPasswordValid } from '../../common/passwordPolicy';
import { mailableEmailField } from './schemaParts';

export const WEAK_PASSWORD_TOAST = 'Please create a stronger password';

/** Step 1 of the reset (and /forgot-password). */
export const resetEmailSchema = object({ email: mailableEmailField() });

/** Step 3 of the reset: SPEC section 5 'Reset'. */
export const newPasswordSchema = object({
  password: string()
    .required('Password is required')
    .test('strength', 'Password does not meet security requirements', (value) =>
      isPasswordValid(value ?? ''),
    ),
  confirmPassword: string()
    .required('Please confirm your password')
    .oneOf([ref('password')], 'Passwords do not match'),
});
