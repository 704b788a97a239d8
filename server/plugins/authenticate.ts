// Bearer tokens: random, stored hashed, revocable. Every signed-in route uses `requireAuth`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sha256 } from '../crypto/tokens';
import { unauthorized } from '../http/errors';

export interface AuthInfo {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthInfo;
  }
}

/** Sessions last 30 days from the last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

export function makeRequireAuth(ctx: AppContext) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (token === undefined) throw unauthorized('Access denied. No token provided.');
    if (!token || token.length > 200) throw unauthorized('Token is not valid');
    const session = await ctx.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'expires_at', 'revoked_at', 'last_used_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    const now = ctx.now();
    if (!session || session.revoked_at) throw unauthorized('Token is not valid');
    if (session.expires_at <= now.toISOString()) throw unauthorized('Token has expired');
    if (now.getTime() - Date.parse(session.last_used_at) > TOUCH_EVERY_MS) {
      await ctx.db
        .updateTable('sessions')
        .set({
          last_used_at: now.toISOString(),
          expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
        })
        .where('id', '=', session.id)
        .execute();
    }
    request.auth = { userId: session.user_id, sessionId: session.id };
  };
}

/** The signed-in user of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw unauthorized('Access denied. No token provided.');
  return request.auth;
}
