// /api/user: profile, account and master password, settings, account deletion. All signed in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { sendSecurityAlert, settleSecurityAlerts } from './securityAlerts';
import {
  deleteAccountCheckSchema,
  deleteAccountSchema,
  getPreferencesSchema,
  getSettingsSchema,
  masterPasswordChangeSchema,
  passwordChangeSchema,
  profileSchema,
  putSettingsSchema,
} from './user.schemas';
import * as service from './user.service';

export const DELETION_PASSWORDS_RIGHT = 'Both passwords are correct';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', makeRequireAuth(ctx));
    // Account data is personal: no cache keeps it.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    // Alerts go out after the answer; a closing app waits for them.
    app.addHook('onClose', () => settleSecurityAlerts(ctx));

    app.put('/profile', { schema: profileSchema }, async (request) => {
      const user = await service.updateProfile(ctx, authOf(request), request.body);
      return { success: true as const, message: 'Profile updated successfully', user };
    });

    app.put('/password', { schema: passwordChangeSchema }, async (request) => {
      const auth = authOf(request);
      await service.changePassword(ctx, auth, request.body);
      void sendSecurityAlert(ctx, auth.userId, 'password-changed', { log: request.log, ip: request.ip });
      return { success: true as const, message: 'Password updated successfully' };
    });

    app.put('/master-password', { schema: masterPasswordChangeSchema }, async (request) => {
      const auth = authOf(request);
      await service.changeMasterPassword(ctx, auth, request.body);
      void sendSecurityAlert(ctx, auth.userId, 'master-password-changed', {
        log: request.log,
        ip: request.ip,
      });
      return { success: true as const, message: 'Master password updated successfully' };
    });

    app.get('/settings', { schema: getSettingsSchema }, async (request) => {
      const settings = await service.getSettings(ctx, authOf(request).userId);
      return { success: true as const, settings };
    });

    // The preferences alone, without counting the vault: what every page reads (the Settings page the rest).
    app.get('/preferences', { schema: getPreferencesSchema }, async (request) => {
      const preferences = await service.getPreferences(ctx, authOf(request).userId);
      return { success: true as const, preferences };
    });

    app.put('/settings', { schema: putSettingsSchema }, async (request) => {
      const settings = await service.updateSettings(ctx, authOf(request).userId, request.body);
      return { success: true as const, message: 'Settings updated successfully', settings };
    });

    // The passwords of a deletion, checked before the user is asked the final question.
    app.post('/account/check', { schema: deleteAccountCheckSchema }, async (request) => {
      await service.checkDeletionPasswords(ctx, authOf(request), request.body);
      return { success: true as const, message: DELETION_PASSWORDS_RIGHT };
    });

    app.delete('/account', { schema: deleteAccountSchema }, async (request) => {
      await service.deleteAccount(ctx, authOf(request), request.body);
      return { success: true as const, message: 'Account deleted successfully' };
    });
  };
}
