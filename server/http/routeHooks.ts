// Hooks that concern some routes only are attached to those routes, as they register, instead of to
// every request: a GET of the list then runs no body check, no secret-check limit and no access-log
// lookup it has no use for (each app-wide hook costs every request a promise and a few lookups).
import type { FastifyInstance, RouteOptions } from 'fastify';

type RouteHookName = 'preValidation' | 'preHandler' | 'onSend';
type RouteHook<Name extends RouteHookName> =
  NonNullable<RouteOptions[Name]> extends infer Hooks ? (Hooks extends (infer Hook)[] ? Hook : Hooks) : never;

/** Adds `hook` to every route registered after this call for which `applies(route)` holds. */
export function addRouteHook<Name extends RouteHookName>(
  app: FastifyInstance,
  name: Name,
  applies: (route: RouteOptions) => boolean,
  hook: RouteHook<Name>,
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!applies(route)) return;
    const existing = route[name] as RouteHook<Name> | RouteHook<Name>[] | undefined;
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    (route as unknown as Record<Name, RouteHook<Name>[]>)[name] = [...hooks, hook];
  });
}

/** The route's body schema, when it has one. */
export function bodySchemaOf(route: RouteOptions): unknown {
  return (route.schema as { body?: unknown } | undefined)?.body;
}
