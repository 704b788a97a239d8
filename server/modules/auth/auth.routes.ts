import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';

// Placeholder until the auth module lands.
export function authRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
