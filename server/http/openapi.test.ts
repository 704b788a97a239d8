// /api/openapi.json is built from the route schemas: every registered API route is in it, with them. It
// is a valid OpenAPI 3.1 document, and it says which routes need a token: exactly those that refuse a
// request without one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { makeRequireAuth } from '../plugins/authenticate';
import { collectOpenApi } from './openapi';
import { listRoutes, type RegisteredRoute } from './routes';
import { startTestApp, type TestApp } from '../test/testApp';

type JsonSchema = Record<string, unknown>;
type Security = Record<string, string[]>[];
interface Operation {
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { content?: { 'application/json': { schema: JsonSchema } } }>;
  security?: Security;
}
interface OpenApi {
  openapi: string;
  servers: { url: string }[];
  components: { securitySchemes: Record<string, JsonSchema> };
  paths: Record<string, Record<string, Operation>>;
}
interface Validation {
  valid: boolean;
  version?: string;
  errors: unknown[];
  schemaErrors: { where: string; error: string }[];
}

/**
 * Validates the document in a child process (the validator is an ES module, which Jest's CommonJS
 * cannot load): against the OpenAPI 3.1 schema, and each Schema Object as JSON Schema 2020-12 (the
 * dialect of OpenAPI 3.1, which the OpenAPI schema leaves unchecked) with the validator's own Ajv.
 */
const VALIDATE = `
import { createRequire } from 'node:module';
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const doc = JSON.parse(input);
const validator = new Validator();
const result = await validator.validate(doc);
const require = createRequire(import.meta.resolve('@seriousme/openapi-schema-validator'));
const { default: Ajv2020 } = require('ajv/dist/2020');
const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
const schemaErrors = [];
const check = (where, schema) => {
  try {
    ajv.compile(schema);
  } catch (error) {
    schemaErrors.push({ where, error: error.message });
  }
};
for (const [url, operations] of Object.entries(doc.paths ?? {})) {
  for (const [method, operation] of Object.entries(operations)) {
    const name = method.toUpperCase() + ' ' + url;
    for (const parameter of operation.parameters ?? []) check(name + ' ' + parameter.name, parameter.schema);
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) check(name + ' body ' + type, media.schema);
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      for (const [type, media] of Object.entries(response.content ?? {})) check(name + ' ' + status + ' ' + type, media.schema);
    }
  }
}
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? [], schemaErrors }));
`;

function validate(doc: unknown): Promise<Validation> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', VALIDATE], {
      cwd: path.resolve(__dirname, '..', '..'),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the validator failed (${code}): ${err}`));
      else resolve(JSON.parse(out) as Validation);
    });
    child.stdin.end(JSON.stringify(doc));
  });
}

/** Every operation of the document, with the request that calls it without a token. */
function operationsOf(doc: OpenApi) {
  return Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const query = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => `${parameter.name}=1`);
      return {
        name: `${method.toUpperCase()} ${url}`,
        operation,
        request: {
          method: method.toUpperCase() as 'GET',
          url: `${doc.servers[0].url}${url.replace(/\{\w+\}/g, '0b0e5a0c-3d1f-4a61-9c2e-7f4b8d6a1e20')}${query.length ? `?${query.join('&')}` : ''}`,
          // A body the schemas refuse: a public route answers 400, never 401.
          ...(operation.requestBody ? { payload: {} } : {}),
        },
      };
    }),
  );
}

/**
 * The operations whose marking is wrong: marked but served without a token, or refused without one
 * (401 naming the token, DESIGN.md) but not marked.
 */
async function misdeclared(t: TestApp, doc: OpenApi): Promise<string[]> {
  const wrong: string[] = [];
  for (const { name, operation, request } of operationsOf(doc)) {
    const res = await t.app.inject(request);
    const refused =
      res.statusCode === 401 && /Token|Access denied/.test(res.json<{ message: string }>().message);
    if (Boolean(operation.security) !== refused) {
      wrong.push(`${name}: ${operation.security ? 'marked' : 'not marked'}, answered ${res.statusCode}`);
    }
  }
  return wrong;
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

  it('passes a validator of OpenAPI 3.1, its schemas as JSON Schema 2020-12', async () => {
    const result = await validate(doc);
    expect(result).toEqual({ valid: true, version: '3.1', errors: [], schemaErrors: [] });
  });

  it('names the range of error statuses as OpenAPI does (4XX, 5XX)', () => {
    const statuses = new Set(
      Object.values(doc.paths).flatMap((methods) =>
        Object.values(methods).flatMap((operation) => Object.keys(operation.responses)),
      ),
    );
    for (const status of statuses) expect(status).toMatch(/^([1-5](\d\d|XX)|default)$/);
    expect([...statuses]).toEqual(expect.arrayContaining(['4XX', '5XX']));
  });

  it('marks the session token on the routes guarded by requireAuth, on the route or its plugin', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const security = (name: string) => {
      const [method, url] = name.split(' ');
      return doc.paths[url][method.toLowerCase()].security;
    };
    // Its own preHandler, and a plugin's onRequest hook.
    expect(security('GET /auth/me')).toEqual([{ bearerAuth: [] }]);
    expect(security('GET /passwords')).toEqual([{ bearerAuth: [] }]);
    expect(security('PUT /user/settings')).toEqual([{ bearerAuth: [] }]);
    expect(security('POST /utility/import')).toEqual([{ bearerAuth: [] }]);
    expect(security('POST /auth/verify-master')).toEqual([{ bearerAuth: [] }]);
    expect(security('POST /auth/login')).toBeUndefined();
    expect(security('GET /health')).toBeUndefined();
    // The validator does not check that a requirement names a declared scheme.
    const named = operationsOf(doc).flatMap(({ operation }) =>
      (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
    );
    expect(new Set(named)).toEqual(new Set(['bearerAuth']));
  });

  it('marks exactly the routes that refuse a request without a token', async () => {
    expect(operationsOf(doc).filter(({ operation }) => operation.security).length).toBeGreaterThan(20);
    expect(await misdeclared(t, doc)).toEqual([]);
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

describe('GET /api/openapi.json under BASE_PATH with METRICS_TOKEN set', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await startTestApp({
      env: { BASE_PATH: '/vault', METRICS_TOKEN: 'openapi-test-metrics-token-0123' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/vault/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is valid, for the prefixed API, and never shows the metrics token', async () => {
    expect(doc.servers).toEqual([{ url: '/vault/api' }]);
    expect(await validate(doc)).toEqual({ valid: true, version: '3.1', errors: [], schemaErrors: [] });
    expect(JSON.stringify(doc)).not.toContain('openapi-test-metrics-token-0123');
  });

  it('documents GET /metrics: Prometheus text behind its own bearer token', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      metricsToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(doc.paths['/metrics']).toEqual({
      get: {
        security: [{ metricsToken: [] }],
        responses: {
          200: expect.objectContaining({ content: { 'text/plain': { schema: { type: 'string' } } } }),
          '4XX': expect.objectContaining({
            content: { 'application/json': { schema: expect.objectContaining({ required: ['message'] }) } },
          }),
        },
      },
    });
  });

  it('marks exactly the routes that refuse a request without a token', async () => {
    expect(await misdeclared(t, doc)).toEqual([]);
  });
});

describe('collectOpenApi: which routes need the session token', () => {
  const requireAuth = makeRequireAuth({} as AppContext);
  const noop = async () => {};
  const ok = async () => ({ ok: true });
  /** Hooks of a plugin wrapped like fastify-plugin's: they apply to the parent's scope. */
  const shared = (plugin: FastifyPluginAsync) =>
    Object.assign(plugin, { [Symbol.for('skip-override')]: true }) as FastifyPluginAsync;

  let app: FastifyInstance;
  let doc: OpenApi;
  beforeAll(async () => {
    app = Fastify();
    const openApi = collectOpenApi(app, '/api');
    app.get('/api/open', ok);
    app.get('/api/own', { preHandler: requireAuth }, ok);
    app.get('/api/own-list', { onRequest: [noop, requireAuth] }, ok);
    app.get('/api/other-hook', { onRequest: noop }, ok);
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', requireAuth);
        scope.get('/before', ok);
        await scope.register(async (inner) => {
          inner.get('/nested', ok);
        });
      },
      { prefix: '/api/guarded' },
    );
    await app.register(
      async (scope) => {
        scope.get('/after', ok);
        scope.addHook('preValidation', requireAuth);
      },
      { prefix: '/api/late' },
    );
    await app.register(
      async (scope) => {
        await scope.register(
          shared(async (parent) => {
            parent.addHook('onRequest', requireAuth);
          }),
        );
        scope.get('/shared', ok);
      },
      { prefix: '/api/wrapped' },
    );
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', noop);
        scope.get('/sibling', ok);
      },
      { prefix: '/api/free' },
    );
    app.get('/api/open-after', ok);
    await app.ready();
    doc = openApi() as unknown as OpenApi;
  });
  afterAll(() => app.close());

  it('sees the hook on the route, on its plugin (before or after the route), on an outer or a shared plugin', () => {
    const marked = Object.entries(doc.paths)
      .filter(([, methods]) => methods.get.security)
      .map(([url]) => url)
      .sort();
    expect(marked).toEqual([
      '/guarded/before',
      '/guarded/nested',
      '/late/after',
      '/own',
      '/own-list',
      '/wrapped/shared',
    ]);
    expect(doc.paths['/own'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it('agrees with what the routes answer without a token', async () => {
    for (const url of Object.keys(doc.paths)) {
      const res = await app.inject({ method: 'GET', url: `/api${url}` });
      const status = doc.paths[url].get.security ? 401 : 200;
      expect({ url, status: res.statusCode }).toEqual({ url, status });
    }
  });
});
