// An OpenAPI 3.1 document built from the route schemas as the routes register: it cannot drift from them.
// A route needs a session token when requireAuth (plugins/authenticate) guards it: on the route itself,
// or on the plugin that registers it, or on any plugin around that one. Fastify hands onRoute the route's
// own hooks only (a plugin's hooks join the route at start-up), so the plugin-level ones are seen where
// they are added.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { isAuthHook } from '../plugins/authenticate';

type JsonSchema = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The route's own security requirement in the API description, when it is not the session token
     * that requireAuth checks (e.g. the metrics token). `[]` marks a route public.
     */
    security?: SecurityRequirement[];
  }
}

interface Operation {
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security?: SecurityRequirement[];
}

/** The security schemes a route may name; components lists the bearer token and those in use. */
const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token that signing in answers (POST /auth/login).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: "The server's METRICS_TOKEN (GET /metrics, for Prometheus).",
  },
};
const SESSION_TOKEN: SecurityRequirement[] = [{ bearerAuth: [] }];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** The hooks that run before the handler: where an auth hook guards a route. */
const GUARD_HOOKS = new Set(['onRequest', 'preParsing', 'preValidation', 'preHandler']);

/** TypeBox schemas carry symbol keys that OpenAPI does not want: keep plain JSON. */
function plain(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema ?? {})) as JsonSchema;
}

function parametersOf(schema: unknown, where: 'query' | 'path'): JsonSchema[] {
  const object = plain(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Fastify reads status ranges in lower case ('4xx'); OpenAPI wants them in upper case ('4XX'). */
function statusKey(status: string): string {
  return /^[1-5]xx$/i.test(status) ? status.toUpperCase() : status;
}

/**
 * A response as OpenAPI writes it. Fastify takes either the body's schema, or per content type
 * `{ description?, content: { 'text/plain': { schema } } }`.
 */
function responseOf(status: string, body: unknown): JsonSchema {
  const response = plain(body) as { description?: unknown; content?: unknown };
  if (response.content && typeof response.content === 'object') {
    const content = Object.fromEntries(
      Object.entries(response.content as Record<string, { schema?: unknown }>).map(([type, media]) => [
        type,
        { schema: plain(media.schema) },
      ]),
    );
    return { description: typeof response.description === 'string' ? response.description : status, content };
  }
  return {
    description: typeof response.description === 'string' ? response.description : status,
    content: { 'application/json': { schema: response } },
  };
}

function hasAuthHook(hooks: unknown): boolean {
  return (Array.isArray(hooks) ? hooks : [hooks]).some(isAuthHook);
}

/**
 * Remembers every Fastify instance (plugin scope) that adds an auth hook, and answers whether a scope
 * is guarded: by its own hook or by one of the scopes it is encapsulated in (its prototypes).
 */
function watchAuthHooks(app: FastifyInstance): (scope: object) => boolean {
  const guarded = new WeakSet<object>();
  const target = app as unknown as { addHook: (this: object, name: string, hook: unknown) => unknown };
  const addHook = target.addHook;
  // Plugins' instances inherit addHook from the root (Object.create): this sees every plugin's hooks.
  target.addHook = function (this: object, name: string, hook: unknown) {
    if (GUARD_HOOKS.has(name) && isAuthHook(hook)) guarded.add(this);
    return addHook.call(this, name, hook);
  };
  return (scope) => {
    for (
      let current: object | null = scope;
      current;
      current = Object.getPrototypeOf(current) as object | null
    ) {
      if (guarded.has(current)) return true;
    }
    return false;
  };
}

/** Collects every route under the API prefix; call before the routes register. */
export function collectOpenApi(app: FastifyInstance, apiPrefix: string) {
  const isGuarded = watchAuthHooks(app);
  const operations: { path: string; method: string; operation: Operation; needsToken: () => boolean }[] = [];
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    if (!route.url.startsWith(apiPrefix)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toLowerCase());
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const ownGuard = [...GUARD_HOOKS].some((name) => hasAuthHook(route[name as keyof RouteOptions]));
    // A plugin's hooks may be added after its routes: whether one guards the route is asked at the end.
    const needsToken = () => ownGuard || isGuarded(this);
    for (const method of methods.filter((m) => METHODS.includes(m))) {
      const operation: Operation = { responses: {} };
      const parameters = [
        ...parametersOf(schema.querystring, 'query'),
        ...parametersOf(schema.params, 'path'),
      ];
      if (parameters.length) operation.parameters = parameters;
      if (schema.body) {
        operation.requestBody = {
          required: true,
          content: { 'application/json': { schema: plain(schema.body) } },
        };
      }
      const responses = (schema.response ?? {}) as Record<string, unknown>;
      for (const [status, body] of Object.entries(responses)) {
        operation.responses[statusKey(status)] = responseOf(status, body);
      }
      if (!Object.keys(operation.responses).length) operation.responses.default = { description: 'answer' };
      if (Array.isArray(schema.security)) {
        operation.security = JSON.parse(JSON.stringify(schema.security)) as SecurityRequirement[];
      }
      const path = toOpenApiPath(route.url.slice(apiPrefix.length) || '/');
      operations.push({ path, method, operation, needsToken });
    }
  });

  let document: JsonSchema | undefined;
  /** The document; routes cannot change once the app has started, so it is built once. */
  return () => {
    document ??= build();
    return document;
  };

  function build(): JsonSchema {
    const paths: Record<string, Record<string, Operation>> = {};
    const schemesInUse = new Set(['bearerAuth']);
    for (const { path, method, operation, needsToken } of operations) {
      const documented: Operation = { ...operation };
      if (!documented.security && needsToken()) documented.security = SESSION_TOKEN;
      for (const requirement of documented.security ?? []) {
        for (const name of Object.keys(requirement)) schemesInUse.add(name);
      }
      paths[path] = { ...(paths[path] ?? {}), [method]: documented };
    }
    const unknown = [...schemesInUse].filter((name) => !SECURITY_SCHEMES[name]);
    if (unknown.length)
      throw new Error(`OpenAPI: routes name unknown security schemes: ${unknown.join(', ')}`);
    return {
      openapi: '3.1.0',
      info: { title: 'PassVault API', version: '1' },
      servers: [{ url: apiPrefix }],
      components: {
        securitySchemes: Object.fromEntries([...schemesInUse].map((name) => [name, SECURITY_SCHEMES[name]])),
      },
      paths,
    };
  }
}
