import type { FastifyServerOptions } from 'fastify';

/** Secrets never reach the log: headers that carry tokens and every field that carries a secret. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
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
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}
