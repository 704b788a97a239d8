// Schemas every module's routes share: the one error answer and the fields of request bodies, with
// their bounds read from the one limits module (src/common/limits.ts).
import { Type } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH } from '../../src/common/email';
import { MAX_CODE_INPUT_LENGTH, MAX_NAME_LENGTH, MAX_SECRET_LENGTH } from '../../src/common/limits';

// Missing text fields default to '' so the services answer with the SPEC's own messages ('Email is
// required', 'Password must contain: ...') rather than a schema's wording.
const text = (maxLength: number) => Type.String({ maxLength, default: '' });

/** A password or a master password: long enough for any passphrase, bounded for Argon2id. */
export const SecretField = text(MAX_SECRET_LENGTH);
/** An e-mailed code, an authenticator code or a recovery code, as typed. */
export const CodeField = text(MAX_CODE_INPUT_LENGTH);
export const EmailField = text(MAX_EMAIL_LENGTH);
/**
 * A first or last name. The schema bounds what is read (ten times the limit); the service trims and
 * answers a too-long name with its own message.
 */
export const NameField = text(10 * MAX_NAME_LENGTH);
/** The master password of a vault call: required, so a missing one is refused before any work. */
export const MasterPasswordField = Type.String({ minLength: 1, maxLength: MAX_SECRET_LENGTH });

export const SuccessField = Type.Literal(true);
export const MessageResponse = Type.Object({ success: SuccessField, message: Type.String() });

/** Every error answer: the message to show, and what the client may act on (see HttpError). */
export const ErrorResponse = Type.Object({
  message: Type.String(),
  reason: Type.Optional(Type.String()),
  attemptsRemaining: Type.Optional(Type.Integer()),
  retryAfterSeconds: Type.Optional(Type.Integer()),
});

/**
 * The error answers of a route, whatever their status. (Fastify reads ranges in lower case; the OpenAPI
 * document writes them as the standard wants, 4XX.)
 */
export const errorResponses = { '4xx': ErrorResponse, '5xx': ErrorResponse } as const;
