// SPEC section 5, password entry form: the Yup schema quotes SPEC's texts; values stay in Formik.
import * as yup from 'yup';
import { CATEGORIES } from '../../../common/constants';
import {
  FIELD_NAME_REQUIRED,
  FIELD_NAME_TOO_LONG,
  FIELD_VALUE_TOO_LONG,
  TOO_MANY_FIELDS,
} from '../../../common/customFields';
import { ENTRY_LIMITS } from '../../../common/limits';
import { totpProblem } from '../../../common/totp';
import { groupThousands } from '../../../common/numbers';

const atMost = (label: string, limit: number) =>
  [limit, `${label} must be at most ${groupThousands(limit)} characters`] as const;

// The server's limits (src/common/limits.ts), so a too-long field is named here, not refused on save.
export const passwordFormSchema = yup.object({
  title: yup
    .string()
    .trim()
    .required('App or website name is required')
    .max(...atMost('Name', ENTRY_LIMITS.title)),
  email: yup
    .string()
    .trim()
    .max(...atMost('Email or username', ENTRY_LIMITS.email)),
  password: yup
    .string()
    .required('Password is required')
    .max(...atMost('Password', ENTRY_LIMITS.password)),
  website: yup
    .string()
    .trim()
    .max(...atMost('Website', ENTRY_LIMITS.website)),
  category: yup.string().oneOf(CATEGORIES),
  notes: yup.string().max(...atMost('Notes', ENTRY_LIMITS.notes)),
  tags: yup
    .array(yup.string().required().max(ENTRY_LIMITS.tag))
    .max(ENTRY_LIMITS.tags, `At most ${ENTRY_LIMITS.tags} tags`),
  isFavorite: yup.boolean(),
  // The same rule as the server's (src/common/totp.ts): an otpauth://totp/ link or a base32 secret.
  totp: yup
    .string()
    .max(...atMost('Authenticator key', ENTRY_LIMITS.totp))
    .test('totp', (value, context) => {
      const problem = totpProblem(value ?? '');
      return problem ? context.createError({ message: problem }) : true;
    }),
  // The messages of src/common/customFields.ts, one per row where the row is wrong.
  fields: yup
    .array(
      yup.object({
        name: yup
          .string()
          .trim()
          .required(FIELD_NAME_REQUIRED)
          .max(ENTRY_LIMITS.fieldName, FIELD_NAME_TOO_LONG),
        value: yup.string().max(ENTRY_LIMITS.fieldValue, FIELD_VALUE_TOO_LONG),
        hidden: yup.boolean(),
      }),
    )
    .max(ENTRY_LIMITS.fields, TOO_MANY_FIELDS),
});
