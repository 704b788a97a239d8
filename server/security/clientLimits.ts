// Per-client limit of the signed-in checks of a secret: every route whose body carries a master password,
// an account password or a code (verify-master, the vault routes, export/import, two-factor, password
// changes, account deletion). The modules limit per account; this limits per client address, across
// accounts. Each check is booked before it runs (parallel guesses cannot pass the limit) and given back
// when it succeeds, so only failures count: a busy user is never slowed down.
// The public sign-in routes have their own per-client limits in the auth service.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context';
import { addRouteHook, bodySchemaOf } from '../http/routeHooks';
import { tooManyRequests } from '../http/errors';
import { LIMITS, limiterOf, waitText } from './limits';

/** Body fields that carry a secret to check. */
export const SECRET_FIELDS = [
  'masterPassword',
  'password',
  'currentPassword',
  'currentMasterPassword',
  'otp',
  'twoFactorCode',
];

declare module 'fastify' {
  interface FastifyRequest {
    /** The client-limit key booked for this request, given back if the check succeeds. */
    clientCheckKey?: string;
  }
}

export function checksSecret(bodySchema: unknown): boolean {
  const properties = (bodySchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return Boolean(properties && SECRET_FIELDS.some((field) => field in properties));
}

/** The answers of a wrong secret (401, and 400 where a module says so), and of a refused one (429). */
const FAILED_CHECK_STATUSES = new Set([400, 401, 403, 429]);

export const clientCheckKey = (ip: string) => `client:secret-check:${ip}`;

/** Installs the limit on every route registered after it whose body carries a secret (call before the modules). */
export function installClientLimits(app: FastifyInstance, ctx: AppContext): void {
  const limiter = limiterOf(ctx);
  const carriesSecret = (route: RouteOptions) => checksSecret(bodySchemaOf(route));

  addRouteHook(app, 'preHandler', carriesSecret, async (request: FastifyRequest) => {
    // Signed-in routes only: request.auth is set by requireAuth, which runs in onRequest.
    if (!request.auth) return;
    const key = clientCheckKey(request.ip);
    const { limit, windowMs } = LIMITS.secretChecksPerAddress;
    const result = await limiter.consume(key, limit, windowMs);
    if (!result.allowed) {
      throw tooManyRequests(
        `Too many failed attempts from this address. Please try again in ${waitText(result.retryAfterSeconds)}.`,
        result.retryAfterSeconds,
      );
    }
    request.clientCheckKey = key;
  });

  addRouteHook(app, 'onSend', carriesSecret, async (request, reply, payload) => {
    const key = request.clientCheckKey;
    const failed = FAILED_CHECK_STATUSES.has(reply.statusCode);
    if (key && !failed) {
      request.clientCheckKey = undefined;
      // A counter that cannot be given back only errs on the strict side.
      await limiter.refund(key).catch(() => undefined);
    }
    return payload;
  });
}
