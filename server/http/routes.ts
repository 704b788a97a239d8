// Every route the app registered, as the app saw it: what the security suite walks so it cannot forget one.
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  /** The route's own body limit; undefined means the app's. */
  bodyLimit?: number;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Starts collecting; call before the routes register. */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods.map((m) => m.toUpperCase()).filter((m) => METHODS.has(m))) {
      routes.push({ method, url: route.url, schema: route.schema, bodyLimit: route.bodyLimit });
    }
  });
}

/** The routes of an app built with `collectRoutes` (GET, POST, PUT, PATCH, DELETE; HEAD twins left out). */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes = registries.get(app);
  if (!routes) throw new Error('listRoutes: collectRoutes was not installed on this app');
  return [...routes];
}
