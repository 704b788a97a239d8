// SPEC section 5, password entry form: the form's values and what a save sends, without the rules (Yup
// comes with the form's dialog only, passwordFormSchema.ts, not with the list that opens it).
import { normaliseCustomFields } from '../../../common/customFields';
import type { EntryContent, PasswordEntryInput, RevealedPasswordEntry } from '../../../common/wire';

/** The form edits the entry's content; its one login field becomes `email` or `username` on save. */
export type PasswordFormValues = Omit<EntryContent, 'username' | 'createdAt' | 'updatedAt'>;

export const emptyPasswordForm: PasswordFormValues = {
  title: '',
  email: '',
  password: '',
  website: '',
  category: 'other',
  notes: '',
  tags: [],
  isFavorite: false,
  totp: '',
  fields: [],
};

/** A new, empty row of the custom-fields editor. */
export const emptyCustomField = { name: '', value: '', hidden: false };

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
    totp: entry.totp ?? '',
    fields: (entry.fields ?? []).map(({ name, value, hidden }) => ({ name, value, hidden })),
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
    totp: values.totp.trim(),
    fields: normaliseCustomFields(values.fields),
  };
}
