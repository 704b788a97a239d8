// An OpenAPI 3.1 document built from the route schemas as the routes register: it cannot drift from them.
import type { FastifyInstance, RouteOptions } from 'fastify';

type JsonSchema = Record<string, unknown>;

interface Operation {
  summary?: string;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security?: JsonSchema[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** TypeBox schemas carry symbol keys and `$id`s that OpenAPI does not want: keep plain JSON. */
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

/** Collects every route with a schema; call before the routes register. */
export function collectOpenApi(app: FastifyInstance, apiPrefix: string) {
  const paths: Record<string, Record<string, Operation>> = {};
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(apiPrefix)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toLowerCase());
    const schema = (route.schema ?? {}) as Record<string, unknown>;
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
        // Fastify reads status ranges in lower case ('4xx'); OpenAPI wants them in upper case ('4XX').
        operation.responses[status.toUpperCase()] = {
          description: status,
          content: { 'application/json': { schema: plain(body) } },
        };
      }
      if (!Object.keys(operation.responses).length) operation.responses.default = { description: 'answer' };
      if (route.preHandler || route.onRequest) operation.security = [{ bearer: [] }];
      const path = toOpenApiPath(route.url.slice(apiPrefix.length) || '/');
      paths[path] = { ...(paths[path] ?? {}), [method]: operation };
    }
  });
  return () => ({
    openapi: '3.1.0',
    info: { title: 'PassVault API', version: '1' },
    servers: [{ url: apiPrefix }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  });
}
