// The rules of an entry's custom fields, shared by the form, the API and the importer: one copy.
import type { CustomField, ListedField } from './entry';
import { ENTRY_LIMITS } from './limits';

export const FIELD_NAME_REQUIRED = 'Custom field name is required';
export const FIELD_NAME_TOO_LONG = `Custom field names must be at most ${ENTRY_LIMITS.fieldName} characters`;
export const FIELD_VALUE_TOO_LONG = `Custom field values must be at most ${ENTRY_LIMITS.fieldValue} characters`;
export const TOO_MANY_FIELDS = `At most ${ENTRY_LIMITS.fields} custom fields are allowed`;

/** Why `fields` cannot be stored, or null when they can. */
export function customFieldsProblem(fields: readonly CustomField[]): string | null {
  if (fields.length > ENTRY_LIMITS.fields) return TOO_MANY_FIELDS;
  for (const field of fields) {
    if (!field.name.trim()) return FIELD_NAME_REQUIRED;
    if (field.name.length > ENTRY_LIMITS.fieldName) return FIELD_NAME_TOO_LONG;
    if (field.value.length > ENTRY_LIMITS.fieldValue) return FIELD_VALUE_TOO_LONG;
  }
  return null;
}

/** Names trimmed; values exactly as given (a value is a credential, kept byte for byte). */
export function normaliseCustomFields(fields: readonly CustomField[]): CustomField[] {
  return fields.map(({ name, value, hidden }) => ({ name: name.trim(), value, hidden }));
}

/** What a list shows of the fields: every name, and the values of fields that are not hidden. */
export function listedFields(fields: readonly CustomField[]): ListedField[] {
  return fields.map(({ name, value, hidden }) => (hidden ? { name, hidden } : { name, hidden, value }));
}
