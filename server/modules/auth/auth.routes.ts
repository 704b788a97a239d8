// /api/auth: each route validates with its schema and calls the service. Bodies are never logged.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import { decoyPasswordHash } from '../../crypto/argon';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import {
  forgotPasswordSchema,
  keepAliveSchema,
  loginSchema,
  logoutSchema,
  meSchema,
  registerSchema,
  resendRegistrationSchema,
  resetPasswordSchema,
  verifyRegistrationSchema,
  verifyResetOtpSchema,
} from './auth.schemas';
import { createAuthService, type TwoFactorVerifier } from './auth.service';
import { keepSessionAlive } from './sessions';

export interface AuthRoutesOptions {
  /** The second factor of a sign-in (the two-factor module's check). */
  verifyTwoFactor: TwoFactorVerifier;
}

export function authRoutes(ctx: AppContext, routeOptions: AuthRoutesOptions): FastifyPluginAsyncTypebox {
  return async (app) => {
    const auth = createAuthService(ctx, { log: app.log, verifyTwoFactor: routeOptions.verifyTwoFactor });
    const requireAuth = makeRequireAuth(ctx);
    // The decoy hash is ready before the first sign-in with an unknown e-mail, so that one is not faster.
    await decoyPasswordHash();
    app.addHook('onClose', () => auth.drain());

    app.post('/register', { schema: registerSchema }, async (request, reply) => {
      const { email, registrationId } = await auth.register(request.body, request.ip);
      return reply
        .code(201)
        .send({ success: true, message: 'Registration initiated successfully', email, registrationId });
    });

    app.post('/resend-registration-otp', { schema: resendRegistrationSchema }, async (request) => {
      const { email, registrationId } = request.body;
      await auth.resendRegistrationCode(email, registrationId, request.ip);
      return { success: true as const, message: 'New verification code sent' };
    });

    app.post('/verify-registration-otp', { schema: verifyRegistrationSchema }, async (request, reply) => {
      const { email, otp, registrationId } = request.body;
      const { user, token } = await auth.verifyRegistration(email, otp, registrationId, request.ip);
      return reply
        .code(201)
        .send({ success: true, message: 'Registration completed successfully', user, token });
    });

    app.post('/login', { schema: loginSchema }, async (request) => {
      const result = await auth.login(request.body, request.ip);
      if (result.requiresTwoFactor) {
        return {
          success: true as const,
          requiresTwoFactor: true as const,
          message: 'Enter the code from your authenticator app',
        };
      }
      return {
        success: true as const,
        message: 'Login successful',
        data: { user: result.user, token: result.token },
      };
    });

    app.get('/me', { schema: meSchema, preHandler: requireAuth }, async (request) => {
      const user = await auth.currentUser(authOf(request).userId);
      return { success: true as const, data: { user } };
    });

    app.post('/logout', { schema: logoutSchema, preHandler: requireAuth }, async (request) => {
      await auth.logout(authOf(request).sessionId);
      return { success: true as const, message: 'Logged out successfully' };
    });

    // The browser's heartbeat while the person is active: the session's idle limit starts again.
    app.post('/keep-alive', { schema: keepAliveSchema, preHandler: requireAuth }, async (request) => {
      await keepSessionAlive(ctx.db, authOf(request).sessionId, ctx.now());
      return { success: true as const, message: 'Session kept alive' };
    });

    app.post('/forgot-password', { schema: forgotPasswordSchema }, async (request) => {
      await auth.forgotPassword(request.body.email, request.ip);
      return {
        success: true as const,
        message: 'If an account exists for this email, a reset code has been sent.',
      };
    });

    app.post('/verify-otp', { schema: verifyResetOtpSchema }, async (request) => {
      await auth.verifyResetCode(request.body.email, request.body.otp, request.ip);
      return { success: true as const, message: 'OTP verified successfully' };
    });

    app.post('/reset-password', { schema: resetPasswordSchema }, async (request) => {
      const { email, otp, password } = request.body;
      await auth.resetPassword(email, otp, password, request.ip);
      return { success: true as const, message: 'Password reset successful' };
    });
  };
}
