import { object, string } from 'yup';
import { MAX_NAME_LENGTH } from '../../common/limits';
import { nameTexts, type NameLabel } from '../../common/names';

const profileName = (label: NameLabel) =>
  string().trim().required(nameTexts(label).required).max(MAX_NAME_LENGTH, nameTexts(label).tooLong);

/** SPEC section 5: in the profile form, first and last name are required; the e-mail is not editable. */
export const profileSchema = object({
  firstName: profileName('First name'),
  lastName: profileName('Last name'),
});
