import { object, string } from 'yup';
import { emailField } from './schemaParts';

/** SPEC section 5: e-mail and login password. */
export const loginSchema = object({
  email: emailField(),
  password: string().required('Password is required'),
});
