// /api/auth/vault-unlock: a tab's opt-in unlock window (unlockGrant.ts). Opening it takes the master
// password, counted like every other check; "Lock now" ends every window of the session.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UNLOCK_WINDOW_MINUTES, type UnlockWindowMinutes } from '../../../src/common/unlockWindow';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { errorResponses, MasterPasswordField } from '../../http/schemas';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { unlockVault } from './masterPassword.service';
import { MessageResponse, validationErrors } from './passwords.schemas';
import { endUnlockGrants, grantUnlock, UNLOCK_HEADER, unlockGrantStatus } from './unlockGrant';
import { MASTER_PASSWORD_REQUIRED } from './vaultCredential';

const OpenBody = Type.Object({
  masterPassword: MasterPasswordField,
  // An enum without a type: no coercion, so `true` is not taken for 1.
  minutes: Type.Unsafe<UnlockWindowMinutes>({ enum: [...UNLOCK_WINDOW_MINUTES] }),
});
const GrantResponse = {
  200: Type.Object({
    success: Type.Literal(true),
    data: Type.Object({ unlockKey: Type.String(), expiresAt: Type.String() }),
  }),
  ...errorResponses,
};
const StatusResponse = {
  200: Type.Object({
    success: Type.Literal(true),
    data: Type.Object({ expiresAt: Type.Union([Type.String(), Type.Null()]) }),
  }),
  ...errorResponses,
};
const MINUTES_INVALID = `minutes must be one of: ${UNLOCK_WINDOW_MINUTES.join(', ')}`;

export function unlockGrantRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', makeRequireAuth(ctx));

    app.post(
      '/vault-unlock',
      {
        schema: { body: OpenBody, response: GrantResponse },
        schemaErrorFormatter: (issues) =>
          issues.some(
            (issue) => issue.instancePath === '/minutes' || issue.params.missingProperty === 'minutes',
          )
            ? badRequest(MINUTES_INVALID)
            : validationErrors(MASTER_PASSWORD_REQUIRED)(issues),
      },
      async (request, reply) => {
        const auth = authOf(request);
        const vaultKey = await unlockVault(ctx, auth, request.body.masterPassword, { ip: request.ip });
        try {
          const data = await grantUnlock(ctx, auth, vaultKey, request.body.minutes);
          return reply.header('cache-control', 'no-store').send({ success: true as const, data });
        } finally {
          vaultKey.fill(0);
        }
      },
    );

    app.get('/vault-unlock', { schema: { response: StatusResponse } }, async (request) => {
      const unlockKey = request.headers[UNLOCK_HEADER];
      const expiresAt = await unlockGrantStatus(
        ctx,
        authOf(request),
        typeof unlockKey === 'string' ? unlockKey : undefined,
      );
      return { success: true as const, data: { expiresAt } };
    });

    app.delete('/vault-unlock', { schema: { response: MessageResponse } }, async (request) => {
      await endUnlockGrants(ctx, authOf(request));
      return { success: true as const, message: 'Vault locked' };
    });
  };
}
