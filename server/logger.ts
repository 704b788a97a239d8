import type { FastifyServerOptions } from 'fastify';

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
