// buildApp: the whole server (plugins, modules, static app) without listen. Tests call app.inject.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { AppContext } from './context';
import { installErrorHandler } from './http/errorHandler';
import { registerStaticApp } from './http/staticApp';
import { loggerOptions } from './logger';
import { authRoutes } from './modules/auth/auth.routes';
import { passwordRoutes } from './modules/passwords/passwords.routes';
import { verifyMasterRoutes } from './modules/passwords/verifyMaster.routes';

export interface BuildOptions {
  /** Overrides the pino options (tests pass a stream to read the log). */
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandler(app);

  const api = `${config.basePath}api`;
  app.get(`${api}/health`, async (_request, reply) => {
    await sql`select 1`.execute(ctx.db);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  await app.register(authRoutes(ctx), { prefix: `${api}/auth` });
  await app.register(verifyMasterRoutes(ctx), { prefix: `${api}/auth` });
  await app.register(passwordRoutes(ctx), { prefix: `${api}/passwords` });

  await registerStaticApp(app, {
    staticDir: config.staticDir,
    basePath: config.basePath,
    publicBase: () => config.basePath,
  });
  return app;
}
