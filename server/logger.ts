import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/** Secrets never reach the log: headers that carry tokens and every field that carries a secret. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-vault-unlock"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-vault-unlock"]',
  '*.password',
  '*.masterPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.currentMasterPassword',
  '*.newMasterPassword',
  '*.otp',
  '*.code',
  '*.token',
  '*.twoFactorCode',
  '*.secret',
  '*.registrationId',
];

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  hostname?: string;
}

/**
 * The request as logged: the path without its query string. Queries carry what people search their
 * vault for (GET /api/passwords?search=...), which is nobody's business but theirs.
 */
export function requestForLog(request: LoggedRequest): Record<string, string | undefined> {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    hostname: request.hostname,
    remoteAddress: request.ip,
  };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: requestForLog },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Fastify's log lines about requests, with one line per answered request instead of two (one on arrival,
 * one on completion). The line holds only what is built here (the request as the requestForLog
 * serializer shows it: no query string, no header; the status; the time), so it is written by a logger
 * without redaction, which cost four times the rest of the line. A request that failed is logged as
 * Fastify logs it (with the error, redacted); the other lines (stream errors, serializer failures) too.
 */
export class RequestLogController extends LogController {
  private accessLog?: FastifyBaseLogger;

  override incomingRequest(): void {
    // The answer's line says it all.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    this.accessLog ??= request.server.log.child({}, { redact: { paths: [] } });
    this.accessLog.info(
      {
        reqId: request.id,
        req: request, // the serializer (requestForLog) picks what is logged
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}
