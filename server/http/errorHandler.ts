import type { FastifyError, FastifyInstance } from 'fastify';
import { ServiceBusyError } from '../crypto/limiter';
import { drainRequest } from './drain';
import { HttpError } from './errors';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** "email is required", "password must be string": one readable line from the first schema error. */
export function validationMessage(issue: ValidationIssue): string {
  const field = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
  if (issue.keyword === 'required') return `${String(issue.params?.missingProperty)} is required`;
  if (!field) return `Invalid request: ${issue.message ?? 'bad input'}`;
  if (issue.keyword === 'maxLength')
    return `${field} is too long (at most ${String(issue.params?.limit)} characters)`;
  if (issue.keyword === 'minLength') return `${field} is required`;
  return `${field} ${issue.message ?? 'is invalid'}`;
}

function megabytes(bytes: number | undefined): string {
  return `${Math.round(((bytes ?? 1048576) / 1048576) * 10) / 10} MB`;
}

/** The status of a request whose client closed the connection before the answer (as nginx logs it). */
const CLIENT_CLOSED_REQUEST = 499;

/** One error contract: `{ message }`, 5xx texts hidden, bodies never logged. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...error.details });
    }
    if (error instanceof ServiceBusyError) {
      return reply
        .code(503)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ message: error.message });
    }
    if (error.validation && error.validation.length > 0) {
      return reply.code(400).send({ message: validationMessage(error.validation[0] as ValidationIssue) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        // Read what the client is still sending, so that it can read the answer (bounded).
        await drainRequest(request.raw, {
          maxBytes: 4 * (request.routeOptions.bodyLimit ?? 1048576),
          timeoutMs: 30_000,
        });
        return reply.code(413).send({
          message: `Request body is too large (limit ${megabytes(request.routeOptions.bodyLimit)})`,
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: 'Content-Type must be application/json' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: 'Request body is empty' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ message: 'Malformed JSON in request body' });
      default:
        break;
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' && reply.raw.destroyed) {
      // A streamed answer whose client left before it began (a reload while an import makes its plan):
      // no failure of the server, and nobody to answer (499: the client closed the request).
      request.log.info('the client went away before the answer');
      return reply.code(CLIENT_CLOSED_REQUEST).send();
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
