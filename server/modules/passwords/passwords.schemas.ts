// Route schemas of the vault: what may come in (body, querystring, params) and, per status, what may go
// out. The response schemas are also a guard: a field they do not name (a ciphertext, a hash) never
// leaves the server, even if a row carries it by mistake.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifySchemaValidationError } from 'fastify';
import { CATEGORIES, CATEGORY_FILTER_ALL, type Category } from '../../../src/common/constants';
import type { PasswordEntry, RevealedPasswordEntry } from '../../../src/common/wire';
import { badRequest } from '../../http/errors';

export const LIMITS = {
  title: 200,
  email: 320,
  username: 320,
  website: 2048,
  password: 4096,
  notes: 20000,
  tag: 50,
  tags: 20,
  masterPassword: 1024,
  search: 200,
  listLimit: 10000,
} as const;

/** A string that must be one of `values` (a plain `enum`, so the error names the allowed values). */
function stringEnum<T extends string>(values: readonly T[]) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values] });
}

const CategorySchema = stringEnum<Category>(CATEGORIES);
const CategoryFilterSchema = stringEnum<Category | typeof CATEGORY_FILTER_ALL>([
  CATEGORY_FILTER_ALL,
  ...CATEGORIES,
]);

// ---- Requests ----

const masterPassword = Type.String({ minLength: 1, maxLength: LIMITS.masterPassword });

export const MasterPasswordBody = Type.Object({ masterPassword });
export type MasterPasswordBody = Static<typeof MasterPasswordBody>;

// The entry fields of create and update. A title is trimmed by the service; a blank one is refused here.
const entryFields = {
  title: Type.Optional(Type.String({ maxLength: LIMITS.title, pattern: '\\S' })),
  email: Type.Optional(Type.String({ maxLength: LIMITS.email })),
  username: Type.Optional(Type.String({ maxLength: LIMITS.username })),
  website: Type.Optional(Type.String({ maxLength: LIMITS.website })),
  category: Type.Optional(CategorySchema),
  isFavorite: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Type.String({ maxLength: LIMITS.notes })),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: LIMITS.tag }), { maxItems: LIMITS.tags })),
};
const entryPassword = Type.String({ minLength: 1, maxLength: LIMITS.password });

export const CreateEntryBody = Type.Object({
  ...entryFields,
  password: entryPassword,
  masterPassword,
});
export type CreateEntryBody = Static<typeof CreateEntryBody>;

/** Update: every field may be left out (it keeps its value); the password too. */
export const UpdateEntryBody = Type.Object({
  ...entryFields,
  password: Type.Optional(entryPassword),
  masterPassword,
});
export type UpdateEntryBody = Static<typeof UpdateEntryBody>;

export const EntryParams = Type.Object({ id: Type.String() });
export type EntryParams = Static<typeof EntryParams>;

export const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: LIMITS.search })),
  category: Type.Optional(CategoryFilterSchema),
  favorite: Type.Optional(stringEnum(['true', 'false'] as const)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.listLimit })),
});
export type ListQuery = Static<typeof ListQuery>;

// ---- Responses ----

const PasswordEntrySchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  email: Type.String(),
  username: Type.String(),
  website: Type.String(),
  category: CategorySchema,
  isFavorite: Type.Boolean(),
  tags: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const RevealedPasswordEntrySchema = Type.Object({
  ...PasswordEntrySchema.properties,
  password: Type.String(),
  notes: Type.String(),
});

const ErrorResponse = Type.Object({ message: Type.String() });
/** Every error answer ({ message }) of a route, whatever its status. */
const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

const success = Type.Literal(true);

export const ListResponse = {
  200: Type.Object({ success, data: Type.Object({ passwords: Type.Array(PasswordEntrySchema) }) }),
  ...errors,
};
const EntryAnswer = Type.Object({
  success,
  message: Type.String(),
  data: Type.Object({ password: PasswordEntrySchema }),
});
export const EntryResponse = { 200: EntryAnswer, ...errors };
export const CreatedEntryResponse = { 201: EntryAnswer, ...errors };
export const RevealResponse = {
  200: Type.Object({ success, data: Type.Object({ password: RevealedPasswordEntrySchema }) }),
  ...errors,
};
export const MessageResponse = {
  200: Type.Object({ success, message: Type.String() }),
  ...errors,
};
const StatsSchema = Type.Object({
  total: Type.Integer(),
  favorites: Type.Integer(),
  categories: Type.Record(Type.String(), Type.Integer()),
});
export const StatsResponse = {
  200: Type.Object({ success, data: StatsSchema }),
  ...errors,
};

// The schemas and the wire types of src/common describe the same shapes: checked at compile time.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireShapesMatch: [
  Same<Static<typeof PasswordEntrySchema>, PasswordEntry>,
  Same<Static<typeof RevealedPasswordEntrySchema>, RevealedPasswordEntry>,
] = [true, true];
void wireShapesMatch;

// ---- Validation messages ----

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
  masterPassword: 'Master password',
  search: 'Search',
  favorite: 'favorite',
  limit: 'limit',
};

function messageFor(issue: FastifySchemaValidationError, whenNoBody: string): string {
  const path = issue.instancePath.replace(/^\//, '').split('/');
  const field = issue.keyword === 'required' ? String(issue.params.missingProperty) : path[0];
  if (!field) return whenNoBody;
  const label = LABELS[field] ?? field;
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
  if (field === 'limit') return `limit must be a whole number from 1 to ${LIMITS.listLimit}`;
  if (field === 'tags') return isTag ? 'Each tag must be text' : 'Tags must be a list of text';
  if (field === 'isFavorite') return 'isFavorite must be true or false';
  return `${label} is invalid`;
}

/**
 * A route's `schemaErrorFormatter`: the first schema error as the sentence the client shows (SPEC section
 * 5's texts where it has them). `whenNoBody` answers a missing or non-object body.
 */
export function validationErrors(whenNoBody = 'Request body must be a JSON object') {
  return (issues: FastifySchemaValidationError[]): Error =>
    badRequest(issues.length > 0 ? messageFor(issues[0], whenNoBody) : whenNoBody);
}
