import { object, string } from 'yup';
import {
  isTwoFactorCodeShape,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_CODE_REQUIRED,
} from '../../common/twoFactorCode';
import { emailField } from './schemaParts';

export { TWO_FACTOR_CODE_INVALID, TWO_FACTOR_CODE_REQUIRED };

/** SPEC section 5: e-mail and login password. */
export const loginSchema = object({
  email: emailField(),
  password: string().required('Password is required'),
});

/** The second step of a sign-in with two-factor authentication on. */
export const twoFactorCodeSchema = object({
  code: string()
    .trim()
    .required(TWO_FACTOR_CODE_REQUIRED)
    .test('two-factor-code', TWO_FACTOR_CODE_INVALID, (value) => isTwoFactorCodeShape(value ?? '')),
});
