// SPEC section 5, password entry form: the Yup schema quotes SPEC's texts; values stay in Formik.
import * as yup from 'yup';
import { CATEGORIES, type Category } from '../../common/constants';
import type { PasswordEntryInput, RevealedPasswordEntry } from '../../common/wire';

export interface PasswordFormValues {
  title: string;
  email: string;
  password: string;
  website: string;
  category: Category;
  notes: string;
  tags: string[];
  isFavorite: boolean;
}

export const emptyPasswordForm: PasswordFormValues = {
  title: '',
  email: '',
  password: '',
  website: '',
  category: 'other',
  notes: '',
  tags: [],
  isFavorite: false,
};

export const passwordFormSchema = yup.object({
  title: yup.string().trim().required('App or website name is required'),
  email: yup.string().trim(),
  password: yup.string().required('Password is required'),
  website: yup.string().trim(),
  category: yup.string().oneOf(CATEGORIES),
  notes: yup.string(),
  tags: yup.array(yup.string().required()),
  isFavorite: yup.boolean(),
});

export function formValuesOf(entry: RevealedPasswordEntry): PasswordFormValues {
  return {
    title: entry.title,
    email: entry.email || entry.username || '',
    password: entry.password,
    website: entry.website ?? '',
    category: entry.category,
    notes: entry.notes ?? '',
    tags: entry.tags ?? [],
    isFavorite: entry.isFavorite,
  };
}

/** The save payload of SPEC section 3: title defaults to 'Untitled'. */
export function entryInputOf(values: PasswordFormValues): PasswordEntryInput {
  const email = values.email.trim();
  return {
    title: values.title.trim() || 'Untitled',
    email,
    username: email.includes('@') ? '' : email,
    password: values.password,
    website: values.website.trim(),
    category: values.category,
    isFavorite: values.isFavorite,
    notes: values.notes,
    tags: values.tags,
  };
}
