// What every route gets whatever module registers it: collected for the security suite, JSON only (415),
// JSON types kept (400), and a per-client limit on signed-in checks of a secret (429).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { collectRoutes } from '../http/routes';
import { installStrictBodies } from '../http/strictBodies';
import { installClientLimits } from './clientLimits';

/** Call before the routes register. */
export function installHardening(app: FastifyInstance, ctx: AppContext): void {
  collectRoutes(app);
  // Fastify also parses text/plain by default; nothing here takes text, so it gets 415 like any non-JSON.
  app.removeContentTypeParser('text/plain');
  installStrictBodies(app);
  installClientLimits(app, ctx);
}
