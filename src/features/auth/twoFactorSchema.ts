import { object, string } from 'yup';
import {
  isTwoFactorCodeShape,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_CODE_REQUIRED,
} from '../../common/twoFactorCode';

export { TWO_FACTOR_CODE_INVALID, TWO_FACTOR_CODE_REQUIRED };

/** The second step of a sign-in with two-factor authentication on (apart: a cold /login needs none of it). */
export const twoFactorCodeSchema = object({
  code: string()
    .trim()
    .required(TWO_FACTOR_CODE_REQUIRED)
    .test('two-factor-code', TWO_FACTOR_CODE_INVALID, (value) => isTwoFactorCodeShape(value ?? '')),
});
