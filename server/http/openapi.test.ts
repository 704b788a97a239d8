// /api/openapi.json is built from the route schemas: every registered API route is in it, with them.
import { listRoutes, type RegisteredRoute } from './routes';
import { startTestApp, type TestApp } from '../test/testApp';

type JsonSchema = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { content?: { 'application/json': { schema: JsonSchema } } }>;
}
interface OpenApi {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** Routes without schemas of their own: they answer fixed documents. */
const SCHEMALESS = ['GET /api/health', 'GET /api/openapi.json'];

const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as JsonSchema;

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: OpenApi;
  let routes: RegisteredRoute[];
  beforeAll(async () => {
    t = await startTestApp();
    routes = listRoutes(t.app).filter((route) => route.url.startsWith('/api/'));
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const operationOf = (route: RegisteredRoute) =>
    doc.paths[route.url.slice('/api'.length).replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];

  it('is an OpenAPI 3.1 document for the API prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('lists every registered API route, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.filter((route) => !operationOf(route)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const documented = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(documented).toBe(routes.length);
  });

  it('carries each route schema: body, path and query parameters, and a response per status', () => {
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const operation = operationOf(route);
      if (schema.body) {
        expect({ name, body: operation.requestBody?.content['application/json'].schema }).toEqual({
          name,
          body: plain(schema.body),
        });
      } else {
        expect({ name, body: operation.requestBody }).toEqual({ name, body: undefined });
      }
      const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const documentedPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect({ name, params: documentedPath }).toEqual({ name, params: pathParams });
      const query = Object.keys((schema.querystring as { properties?: object })?.properties ?? {});
      const documentedQuery = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect({ name, query: documentedQuery }).toEqual({ name, query });
      if (SCHEMALESS.includes(name)) continue;
      const success = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
      expect({ name, success: success.length }).toEqual({ name, success: 1 });
      expect(operation.responses['4XX']?.content?.['application/json'].schema).toEqual(
        expect.objectContaining({ required: ['message'] }),
      );
    }
  });
});
