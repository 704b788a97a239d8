import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';

// Placeholder until the vault module lands.
export function verifyMasterRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
