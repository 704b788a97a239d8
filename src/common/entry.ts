// The one shape of a vault entry. The API's schemas (server), the wire types (browser and server) and the
// export's shape are all derived from these fields. Type-only imports of this file cost the browser
// nothing: TypeBox stays out of its bundle.
import { Type, type Static } from '@sinclair/typebox';
import { CATEGORIES, type Category } from './constants';
import { ENTRY_LIMITS } from './limits';

/** A string that must be one of `values` (a plain `enum`, so a schema error names the allowed values). */
export function stringEnum<T extends string>(values: readonly T[]) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values] });
}

export const CategorySchema = stringEnum<Category>(CATEGORIES);

/** What lists show of an entry: never a secret. */
export const entryFields = {
  title: Type.String({ maxLength: ENTRY_LIMITS.title }),
  /** An e-mail address or a username, as the user typed it. */
  email: Type.String({ maxLength: ENTRY_LIMITS.email }),
  username: Type.String({ maxLength: ENTRY_LIMITS.username }),
  website: Type.String({ maxLength: ENTRY_LIMITS.website }),
  category: CategorySchema,
  isFavorite: Type.Boolean(),
  tags: Type.Array(Type.String({ maxLength: ENTRY_LIMITS.tag }), { maxItems: ENTRY_LIMITS.tags }),
};

/** What only the master password opens. */
export const entrySecrets = {
  password: Type.String({ maxLength: ENTRY_LIMITS.password }),
  notes: Type.String({ maxLength: ENTRY_LIMITS.notes }),
};

/** The entry's TOTP: an otpauth://totp/ URI or a base32 secret as the user gave it ('' for none). */
export const TotpSchema = Type.String({ maxLength: ENTRY_LIMITS.totp });

const fieldName = Type.String({ maxLength: ENTRY_LIMITS.fieldName, pattern: '\\S' });

/** A custom field with its value; a `hidden` one is shown masked and never listed. */
export const CustomFieldSchema = Type.Object({
  name: fieldName,
  value: Type.String({ maxLength: ENTRY_LIMITS.fieldValue }),
  hidden: Type.Boolean(),
});
export type CustomField = Static<typeof CustomFieldSchema>;
export const CustomFieldsSchema = Type.Array(CustomFieldSchema, { maxItems: ENTRY_LIMITS.fields });

/** A custom field as lists carry it: the value only when the field is not hidden. */
export const ListedFieldSchema = Type.Object({
  name: Type.String(),
  hidden: Type.Boolean(),
  value: Type.Optional(Type.String()),
});
export type ListedField = Static<typeof ListedFieldSchema>;

const timestamps = { createdAt: Type.String(), updatedAt: Type.String() };

/**
 * What the server stored of the password's health when it was saved (never the password): its strength
 * score (null until the next unlock works it out for entries saved before), in how many of the user's
 * entries it is used (0 when only in this one), and when it last changed.
 */
export const PasswordHealthSchema = Type.Object({
  strength: Type.Union([Type.Integer(), Type.Null()]),
  reusedIn: Type.Integer(),
  passwordChangedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PasswordHealth = Static<typeof PasswordHealthSchema>;

/** An entry as lists carry it: whether it has a TOTP, never the TOTP itself. */
export const PasswordEntrySchema = Type.Object({
  _id: Type.String(),
  ...entryFields,
  hasTotp: Type.Boolean(),
  /** Whether it has notes (they stay sealed until the master password opens them). */
  hasNotes: Type.Boolean(),
  fields: Type.Array(ListedFieldSchema),
  health: PasswordHealthSchema,
  ...timestamps,
});
export type PasswordEntry = Static<typeof PasswordEntrySchema>;

/**
 * What `POST /passwords/{id}/view` answers: the entry with its secrets, every field's value, the TOTP as
 * stored and its current code with the seconds the code has left (null when the entry has no TOTP).
 */
export const RevealedPasswordEntrySchema = Type.Object({
  ...PasswordEntrySchema.properties,
  ...entrySecrets,
  totp: TotpSchema,
  totpCode: Type.Union([Type.String(), Type.Null()]),
  totpRemaining: Type.Union([Type.Integer(), Type.Null()]),
  fields: Type.Array(CustomFieldSchema),
});
export type RevealedPasswordEntry = Static<typeof RevealedPasswordEntrySchema>;

/** An entry in the trash: as lists carry it, with when it was deleted. */
export const TrashedPasswordEntrySchema = Type.Object({
  ...PasswordEntrySchema.properties,
  deletedAt: Type.String(),
});
export type TrashedPasswordEntry = Static<typeof TrashedPasswordEntrySchema>;

/** One earlier password of an entry, and when it was replaced. */
export const HistoryItemSchema = Type.Object({ password: Type.String(), changedAt: Type.String() });
export type HistoryItem = Static<typeof HistoryItemSchema>;

/** One entry in an export file: every field, the secrets decrypted, no id. */
export const ExportedEntrySchema = Type.Object({
  ...entryFields,
  ...entrySecrets,
  totp: TotpSchema,
  fields: CustomFieldsSchema,
  ...timestamps,
});
export type ExportedEntry = Static<typeof ExportedEntrySchema>;

/** An entry to be stored (an import row, or a form's save): the dates only when a file has them. */
export type EntryContent = Omit<ExportedEntry, 'createdAt' | 'updatedAt'> &
  Partial<Pick<ExportedEntry, 'createdAt' | 'updatedAt'>>;

/**
 * The answer (409) to an update made from an entry as it was before another change (PUT's ifUpdatedAt):
 * the browser shows it as it is.
 */
export const ENTRY_CHANGED_ELSEWHERE =
  'This entry was changed elsewhere after you opened it. Close the form and edit it again to see the changes.';
