// Bearer tokens: every signed-in route uses `requireAuth`, which asks the auth module's sessions.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from '../http/errors';
import { TOKEN_MISSING, TOKEN_NOT_VALID, validateSession, type AuthInfo } from '../modules/auth/sessions';

export type { AuthInfo };

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthInfo;
  }
}

/** The token of `Authorization: Bearer <token>`: undefined without the header, '' when malformed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

const authHooks = new WeakSet<object>();

/** Whether `hook` is a requireAuth: the API description marks every route it guards as needing a token. */
export function isAuthHook(hook: unknown): boolean {
  return typeof hook === 'function' && authHooks.has(hook);
}

export function makeRequireAuth(ctx: AppContext) {
  async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (token === undefined) throw unauthorized(TOKEN_MISSING);
    if (!token || token.length > 200) throw unauthorized(TOKEN_NOT_VALID);
    request.auth = await validateSession(ctx.db, token, ctx.now());
  }
  authHooks.add(requireAuth);
  return requireAuth;
}

/** The signed-in user of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw unauthorized(TOKEN_MISSING);
  return request.auth;
}
