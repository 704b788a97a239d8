import { object } from 'yup';
import { mailableEmailField, masterPasswordField, nameField, policyPasswordField } from './schemaParts';

/** SPEC section 5: registration. Both passwords must pass the mandatory strength rules. */
export const registerSchema = object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: mailableEmailField(),
  password: policyPasswordField(),
  masterPassword: masterPasswordField(),
});
