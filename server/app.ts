// buildApp: the whole server (plugins, modules, static app) without listen. Tests call app.inject.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { REQUEST_BODY_MAX_BYTES } from '../src/common/limits';
import { normaliseBasePath } from './config';
import type { AppContext } from './context';
import { installErrorHandler } from './http/errorHandler';
import { registerStaticApp } from './http/staticApp';
import { loggerOptions, RequestLogController } from './logger';
import { authRoutes } from './modules/auth/auth.routes';
import { passwordRoutes } from './modules/vault/passwords.routes';
import { vaultCareRoutes } from './modules/vault/vaultCare.routes';
import { unlockGrantRoutes } from './modules/vault/unlockGrant.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { installActivityLog } from './modules/activity/activityRecorder';
import { masterPasswordRoutes } from './modules/vault/masterPassword.routes';
import { transferRoutes } from './modules/transfer/transfer.routes';
import { twoFactorRoutes } from './modules/twoFactor/twoFactor.routes';
import { verifySecondFactor } from './modules/twoFactor/twoFactor.service';
import { userRoutes } from './modules/user/user.routes';
import { installMetrics } from './http/metrics';
import { collectOpenApi } from './http/openapi';
import { installSecurityHeaders } from './http/securityHeaders';
import { fastifyTrustProxy, trustsPeer } from './http/trustProxy';
import { installHardening } from './security/hardening';

/**
 * The prefix the browser sees: BASE_PATH, or, behind a trusted proxy that strips its prefix,
 * the X-Forwarded-Prefix it sends (e.g. "/vault").
 */
export function publicBasePath(
  config: AppContext['config'],
  forwarded: string | string[] | undefined,
  peerAddress?: string,
): string {
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  if (!value || !trustsPeer(config.trustProxy, peerAddress)) return config.basePath;
  try {
    const prefix = normaliseBasePath(value.trim());
    return config.basePath === '/' ? prefix : `${prefix.slice(0, -1)}${config.basePath}`;
  } catch {
    return config.basePath;
  }
}

export interface BuildOptions {
  /** Overrides the pino options (tests pass a stream to read the log). */
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandler(app);
  installHardening(app, ctx);

  const api = `${config.basePath}api`;
  installSecurityHeaders(app, api);
  const openApiDocument = collectOpenApi(app, api);
  app.get(`${api}/openapi.json`, async () => openApiDocument());
  installMetrics(app, ctx, api);
  installActivityLog(app, ctx, api);
  app.get(`${api}/health`, async (_request, reply) => {
    await sql`select 1`.execute(ctx.db);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  await app.register(
    authRoutes(ctx, { verifyTwoFactor: (user, code) => verifySecondFactor(ctx, user.id, code) }),
    { prefix: `${api}/auth` },
  );
  await app.register(masterPasswordRoutes(ctx), { prefix: `${api}/auth` });
  await app.register(unlockGrantRoutes(ctx), { prefix: `${api}/auth` });
  await app.register(passwordRoutes(ctx), { prefix: `${api}/passwords` });
  await app.register(vaultCareRoutes(ctx), { prefix: `${api}/passwords` });
  await app.register(transferRoutes(ctx), { prefix: `${api}/utility` });
  await app.register(activityRoutes(ctx), { prefix: api });
  await app.register(twoFactorRoutes(ctx), { prefix: `${api}/auth` });
  await app.register(userRoutes(ctx), { prefix: `${api}/user` });

  await registerStaticApp(app, {
    staticDir: config.staticDir,
    basePath: config.basePath,
    publicBase: (request) =>
      publicBasePath(config, request.headers['x-forwarded-prefix'], request.socket.remoteAddress),
  });
  return app;
}
