// The master password under /api/auth: the check of SPEC section 7 (verify-master), what the session
// has left of its attempts, and lifting a pause of unlocking with a mailed code. All signed in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { CodeField, errorResponses } from '../../http/schemas';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import {
  masterPasswordStatus,
  sendUnlockCode,
  UNLOCK_CODE_SENT,
  UNLOCKED,
  unlockVault,
  unlockWithCode,
} from './masterPassword.service';
import { MasterPasswordBody, MessageResponse, validationErrors } from './passwords.schemas';
import { MASTER_PASSWORD_REQUIRED, vaultCredential } from './vaultCredential';

const StatusResponse = {
  200: Type.Object({
    success: Type.Literal(true),
    data: Type.Object({
      attemptsRemaining: Type.Integer(),
      pausedUntil: Type.Optional(Type.String()),
    }),
  }),
  ...errorResponses,
};
const UnlockBody = Type.Object({ otp: CodeField });

export function masterPasswordRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', makeRequireAuth(ctx));

    app.post(
      '/verify-master',
      {
        schema: { body: MasterPasswordBody, response: MessageResponse },
        schemaErrorFormatter: validationErrors(MASTER_PASSWORD_REQUIRED),
      },
      async (request) => {
        const credential = vaultCredential(request, request.body.masterPassword);
        const vaultKey = await unlockVault(ctx, authOf(request), credential, { ip: request.ip });
        vaultKey.fill(0);
        return { success: true as const, message: 'Master password verified' };
      },
    );

    app.get('/master-password/status', { schema: { response: StatusResponse } }, async (request) => {
      const data = await masterPasswordStatus(ctx, authOf(request));
      return { success: true as const, data };
    });

    app.post('/master-password/unlock-code', { schema: { response: MessageResponse } }, async (request) => {
      await sendUnlockCode(ctx, authOf(request));
      return { success: true as const, message: UNLOCK_CODE_SENT };
    });

    app.post(
      '/master-password/unlock',
      { schema: { body: UnlockBody, response: MessageResponse } },
      async (request) => {
        await unlockWithCode(ctx, authOf(request), request.body.otp);
        return { success: true as const, message: UNLOCKED };
      },
    );
  };
}
