// /api/auth/enable-2fa, verify-2fa-setup, disable-2fa. All signed in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { sendSecurityAlert } from '../user/securityAlerts';
import { disableSchema, enableSchema, verifySetupSchema } from './twoFactor.schemas';
import * as service from './twoFactor.service';

export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', makeRequireAuth(ctx));
    // The answers carry a secret or recovery codes: never cached.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post('/enable-2fa', { schema: enableSchema }, async (request) => {
      const setup = await service.startSetup(ctx, authOf(request).userId, request.body.password);
      return { success: true as const, ...setup };
    });

    app.post('/verify-2fa-setup', { schema: verifySetupSchema }, async (request) => {
      const auth = authOf(request);
      const recoveryCodes = await service.confirmSetup(ctx, auth, request.body.otp);
      void sendSecurityAlert(ctx, auth.userId, 'two-factor-enabled', { log: request.log, ip: request.ip });
      return { success: true as const, message: service.MESSAGES.enabled, recoveryCodes };
    });

    app.post('/disable-2fa', { schema: disableSchema }, async (request) => {
      const { userId } = authOf(request);
      await service.disable(ctx, userId, request.body.password, request.body.code);
      void sendSecurityAlert(ctx, userId, 'two-factor-disabled', { log: request.log, ip: request.ip });
      return { success: true as const, message: service.MESSAGES.disabled };
    });
  };
}
