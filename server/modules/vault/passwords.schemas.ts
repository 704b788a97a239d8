// Route schemas of the vault: what may come in (body, querystring, params) and, per status, what may go
// out. The response schemas are also a guard: a field they do not name (a ciphertext, a hash) never
// leaves the server, even if a row carries it by mistake.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifySchemaValidationError } from 'fastify';
import { CATEGORIES, CATEGORY_FILTER_ALL, type Category } from '../../../src/common/constants';
import {
  CustomFieldsSchema,
  entryFields as storedFields,
  entrySecrets,
  HistoryItemSchema,
  TrashedPasswordEntrySchema,
  TotpSchema,
  PasswordEntrySchema,
  RevealedPasswordEntrySchema,
  stringEnum,
} from '../../../src/common/entry';
import {
  FIELD_NAME_REQUIRED,
  FIELD_NAME_TOO_LONG,
  FIELD_VALUE_TOO_LONG,
  TOO_MANY_FIELDS,
} from '../../../src/common/customFields';
import { MAX_LIST_LIMIT, MAX_LIST_OFFSET, MAX_SEARCH_LENGTH } from '../../../src/common/limits';
import { HEALTH_FILTERS } from '../../../src/common/wire';
import { badRequest } from '../../http/errors';
import { errorResponses, MasterPasswordField as masterPassword } from '../../http/schemas';
import { INVALID_CURSOR } from '../../http/keysetCursor';
import { LIST_SORTS } from '../../../src/common/listOrder';
import { MAX_LIST_CURSOR_LENGTH } from './listCursor';

const CategoryFilterSchema = stringEnum<Category | typeof CATEGORY_FILTER_ALL>([
  CATEGORY_FILTER_ALL,
  ...CATEGORIES,
]);

// ---- Requests ----

/** The master password, left out inside the session's unlock window (X-Vault-Unlock: vaultCredential.ts). */
const masterPasswordOrUnlock = Type.Optional(masterPassword);

export const MasterPasswordBody = Type.Object({ masterPassword: masterPasswordOrUnlock });
export type MasterPasswordBody = Static<typeof MasterPasswordBody>;
/** Empty trash: the master password, and the newest deletion the page showed (an ISO time). */
export const EmptyTrashBody = Type.Object({
  masterPassword: masterPasswordOrUnlock,
  through: Type.String({ minLength: 1, maxLength: 40 }),
});

// The entry fields of create and update (the one entry shape, each optional). A title is trimmed by the
// service; a blank one is refused here.
const entryFields = {
  title: Type.Optional(Type.String({ ...storedFields.title, pattern: '\\S' })),
  email: Type.Optional(storedFields.email),
  username: Type.Optional(storedFields.username),
  website: Type.Optional(storedFields.website),
  category: Type.Optional(storedFields.category),
  isFavorite: Type.Optional(storedFields.isFavorite),
  notes: Type.Optional(entrySecrets.notes),
  tags: Type.Optional(storedFields.tags),
  /** '' removes the entry's TOTP; the service checks the value itself. */
  totp: Type.Optional(TotpSchema),
  /** The whole list: it replaces the entry's fields. */
  fields: Type.Optional(CustomFieldsSchema),
};
const entryPassword = Type.String({ ...entrySecrets.password, minLength: 1 });

export const CreateEntryBody = Type.Object({
  ...entryFields,
  password: entryPassword,
  masterPassword: masterPasswordOrUnlock,
});
export type CreateEntryBody = Static<typeof CreateEntryBody>;

/** Update: every field may be left out (it keeps its value); the password too. */
export const UpdateEntryBody = Type.Object({
  ...entryFields,
  password: Type.Optional(entryPassword),
  masterPassword: masterPasswordOrUnlock,
  /**
   * The entry's updatedAt as the client's form was filled in from it: when given and the entry has
   * changed since (another tab, another device), the update is refused (409) rather than overwriting it.
   */
  ifUpdatedAt: Type.Optional(Type.String({ maxLength: 40 })),
});
export type UpdateEntryBody = Static<typeof UpdateEntryBody>;

export const EntryParams = Type.Object({ id: Type.String() });
export type EntryParams = Static<typeof EntryParams>;

export const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH })),
  category: Type.Optional(CategoryFilterSchema),
  favorite: Type.Optional(stringEnum(['true', 'false'] as const)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT })),
  /** The `nextCursor` of the window before (opaque to clients). */
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_LIST_CURSOR_LENGTH })),
  /** Or how many entries of the list come before the window (random access; not with `cursor`). */
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_LIST_OFFSET })),
  /** Only the entries whose password is weak, reused or old. */
  health: Type.Optional(stringEnum(HEALTH_FILTERS)),
  /** The order: newest first (default), last updated first, or by name. */
  sort: Type.Optional(stringEnum(LIST_SORTS)),
  /** Favourites before the others, each in the order. */
  favoritesFirst: Type.Optional(stringEnum(['true', 'false'] as const)),
});
export type ListQuery = Static<typeof ListQuery>;

// ---- Responses ----

const success = Type.Literal(true);

/**
 * The list's answer. The route sends it as JSON text joined from the entries' stored listed forms
 * (passwords.service `listPasswordsJson`), which the serializer does not go through: what an entry
 * carries there is fixed by listedEntry.ts (never a ciphertext), and a test holds every list answer to
 * this schema, with no member it does not name.
 */
export const ListResponse = {
  200: Type.Object({
    success,
    data: Type.Object({
      passwords: Type.Array(PasswordEntrySchema),
      nextCursor: Type.Union([Type.String(), Type.Null()]),
      total: Type.Integer(),
    }),
  }),
  ...errorResponses,
};
const EntryAnswer = Type.Object({
  success,
  message: Type.String(),
  data: Type.Object({ password: PasswordEntrySchema }),
});
export const EntryResponse = { 200: EntryAnswer, ...errorResponses };
export const CreatedEntryResponse = { 201: EntryAnswer, ...errorResponses };
export const RevealResponse = {
  200: Type.Object({ success, data: Type.Object({ password: RevealedPasswordEntrySchema }) }),
  ...errorResponses,
};
export const MessageResponse = {
  200: Type.Object({ success, message: Type.String() }),
  ...errorResponses,
};
const StatsSchema = Type.Object({
  total: Type.Integer(),
  favorites: Type.Integer(),
  categories: Type.Record(Type.String(), Type.Integer()),
});
export const StatsResponse = {
  200: Type.Object({ success, data: StatsSchema }),
  ...errorResponses,
};

export const TrashResponse = {
  200: Type.Object({ success, data: Type.Object({ passwords: Type.Array(TrashedPasswordEntrySchema) }) }),
  ...errorResponses,
};
export const EmptyTrashResponse = {
  200: Type.Object({ success, message: Type.String(), data: Type.Object({ deleted: Type.Integer() }) }),
  ...errorResponses,
};
export const HistoryResponse = {
  200: Type.Object({ success, data: Type.Object({ history: Type.Array(HistoryItemSchema) }) }),
  ...errorResponses,
};
export const HealthResponse = {
  200: Type.Object({
    success,
    data: Type.Object({
      total: Type.Integer(),
      weak: Type.Integer(),
      reused: Type.Integer(),
      old: Type.Integer(),
    }),
  }),
  ...errorResponses,
};

// ---- Validation messages ----

export const INVALID_OFFSET = `offset must be a whole number from 0 to ${MAX_LIST_OFFSET}`;
/** Two starts of one window: the service refuses them (the schema checks each parameter alone). */
export const CURSOR_WITH_OFFSET = 'Use either cursor or offset, not both';

const LABELS: Record<string, string> = {
  title: 'App or website name',
  email: 'Email or username',
  username: 'Username',
  website: 'Website',
  password: 'Password',
  notes: 'Notes',
  category: 'Category',
  isFavorite: 'isFavorite',
  tags: 'Tags',
  totp: 'TOTP',
  masterPassword: 'Master password',
  search: 'Search',
  favorite: 'favorite',
  limit: 'limit',
  cursor: 'cursor',
  offset: 'offset',
  health: 'health',
};

function messageFor(issue: FastifySchemaValidationError, whenNoBody: string): string {
  const path = issue.instancePath.replace(/^\//, '').split('/');
  const field = issue.keyword === 'required' ? String(issue.params.missingProperty) : path[0];
  if (!field) return whenNoBody;
  const label = LABELS[field] ?? field;
  if (field === 'fields') return customFieldMessage(issue, path);
  const isTag = field === 'tags' && path.length > 1;
  switch (issue.keyword) {
    case 'required':
    case 'minLength':
    case 'pattern':
      return `${label} is required`;
    case 'maxLength':
      return isTag
        ? `Each tag must be at most ${String(issue.params.limit)} characters`
        : `${label} must be at most ${String(issue.params.limit)} characters`;
    case 'maxItems':
      return `At most ${String(issue.params.limit)} tags are allowed`;
    case 'enum':
      return `${label} must be one of: ${(issue.params.allowedValues as string[]).join(', ')}`;
    default:
      break;
  }
  if (field === 'cursor') return INVALID_CURSOR;
  if (field === 'limit') return `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`;
  if (field === 'offset') return INVALID_OFFSET;
  if (field === 'tags') return isTag ? 'Each tag must be text' : 'Tags must be a list of text';
  if (field === 'isFavorite') return 'isFavorite must be true or false';
  return `${label} is invalid`;
}

/** A schema error inside `fields`: the sentences of src/common/customFields.ts. */
function customFieldMessage(issue: FastifySchemaValidationError, path: string[]): string {
  const part = issue.keyword === 'required' ? String(issue.params.missingProperty) : path[2];
  if (path.length === 1) {
    return issue.keyword === 'maxItems' ? TOO_MANY_FIELDS : 'Custom fields must be a list';
  }
  if (part === 'name') {
    return issue.keyword === 'maxLength' ? FIELD_NAME_TOO_LONG : FIELD_NAME_REQUIRED;
  }
  if (part === 'value') {
    return issue.keyword === 'maxLength' ? FIELD_VALUE_TOO_LONG : 'Custom field values must be text';
  }
  if (part === 'hidden') return 'Custom field hidden must be true or false';
  return 'Each custom field must have a name, a value and hidden';
}

/**
 * A route's `schemaErrorFormatter`: the first schema error as the sentence the client shows (SPEC section
 * 5's texts where it has them). `whenNoBody` answers a missing or non-object body.
 */
export function validationErrors(whenNoBody = 'Request body must be a JSON object') {
  return (issues: FastifySchemaValidationError[]): Error =>
    badRequest(issues.length > 0 ? messageFor(issues[0], whenNoBody) : whenNoBody);
}
