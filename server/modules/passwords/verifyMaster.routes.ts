// POST /api/auth/verify-master: checks the master password and nothing else (SPEC section 7).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { unlockVault } from './masterPassword.service';
import { MasterPasswordBody, MessageResponse, validationErrors } from './passwords.schemas';

export function verifyMasterRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/verify-master',
      {
        onRequest: makeRequireAuth(ctx),
        schema: { body: MasterPasswordBody, response: MessageResponse },
        schemaErrorFormatter: validationErrors('Master password is required'),
      },
      async (request) => {
        const vaultKey = await unlockVault(ctx, authOf(request), request.body.masterPassword);
        vaultKey.fill(0);
        return { success: true as const, message: 'Master password verified' };
      },
    );
  };
}
