import { object, string } from 'yup';

/** The server's limit on a name, once trimmed. */
export const MAX_NAME_LENGTH = 100;

/** SPEC section 5: in the profile form, first and last name are required; the e-mail is not editable. */
export const profileSchema = object({
  firstName: string()
    .trim()
    .required('First name is required')
    .max(MAX_NAME_LENGTH, `First name must be at most ${MAX_NAME_LENGTH} characters`),
  lastName: string()
    .trim()
    .required('Last name is required')
    .max(MAX_NAME_LENGTH, `Last name must be at most ${MAX_NAME_LENGTH} characters`),
});
