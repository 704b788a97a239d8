// Route schemas of /api/utility: export and import (SPEC sections 3 and 7).
import { Type, type Static } from '@sinclair/typebox';
import { errorResponses, MasterPasswordField as masterPassword } from '../../http/schemas';
import type { FastifySchemaValidationError } from 'fastify';
import { EXPORT_FORMATS, type TransferFormat } from '../../../src/common/constants';
import type { ExportResponse, ImportResult } from '../../../src/common/wire';
import { badRequest } from '../../http/errors';
import { IMPORT_MAX_BYTES } from '../../../src/common/limits';
import { EMPTY_DATA } from './formats/detect';

/** Import bodies may be this large: a vault of tens of thousands of entries. */
export const IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES;

const Format = Type.Unsafe<TransferFormat>({ type: 'string', enum: [...EXPORT_FORMATS] });

/** Left out inside the session's unlock window (the X-Vault-Unlock header opens the vault instead). */
const masterPasswordOrUnlock = Type.Optional(masterPassword);

export const ExportBody = Type.Object({ masterPassword: masterPasswordOrUnlock, format: Format });
export type ExportBody = Static<typeof ExportBody>;

export const ImportBody = Type.Object({
  masterPassword: masterPasswordOrUnlock,
  data: Type.String({ minLength: 1 }),
  /** What the file is called (json or csv); the content decides how it is read. */
  format: Type.Optional(Format),
  options: Type.Optional(
    Type.Object({
      skipDuplicates: Type.Optional(Type.Boolean()),
      updateExisting: Type.Optional(Type.Boolean()),
    }),
  ),
});
export type ImportBody = Static<typeof ImportBody>;

const success = Type.Literal(true);

const ExportAnswer = Type.Object({
  success,
  data: Type.String(),
  filename: Type.String(),
  format: Format,
});
export const ExportResponseSchema = { 200: ExportAnswer, ...errorResponses };

const ImportResultSchema = Type.Object({
  imported: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  errors: Type.Array(Type.Object({ title: Type.String(), error: Type.String() })),
});
export const ImportResponseSchema = {
  200: Type.Object({ success, message: Type.String(), data: ImportResultSchema }),
  ...errorResponses,
};

// The schemas and the wire types of src/common describe the same shapes: checked at compile time.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireShapesMatch: [
  Same<Omit<Static<typeof ExportAnswer>, 'success'>, ExportResponse>,
  Same<Static<typeof ImportResultSchema>, ImportResult>,
] = [true, true];
void wireShapesMatch;

const MESSAGES: Record<string, string> = {
  masterPassword: 'Master password is required',
  data: EMPTY_DATA,
  format: `Format must be one of: ${EXPORT_FORMATS.join(', ')}`,
  options: 'Options must be { skipDuplicates, updateExisting } with true or false',
};

/** The first schema error as one sentence; the field decides it (each field has one way to be wrong). */
export function transferValidationErrors(issues: FastifySchemaValidationError[]): Error {
  const issue = issues[0];
  const field =
    issue?.keyword === 'required'
      ? String(issue.params.missingProperty)
      : (issue?.instancePath.split('/')[1] ?? '');
  return badRequest(MESSAGES[field] ?? 'Request body must be a JSON object');
}
