// The security suite that cannot forget a route: it walks every route the app registered (listRoutes)
// and checks each signed-in one against bad tokens, each :id route against other users' and malformed
// ids, and each body against malformed, oversize, wrong-type and non-JSON input. A new route is checked
// the day it is added; a new public route has to be named below on purpose.
import type { FastifySchema, InjectOptions, LightMyRequestResponse } from 'fastify';
import { listRoutes, type RegisteredRoute } from './http/routes';
import { SESSION_MAX_AGE_MS } from './modules/auth/sessions';
import { createSession, createUser, type TestUser } from './test/fixtures';
import { startTestApp, type TestApp } from './test/testApp';

// Several users (two Argon2id runs each) and a few master-password checks.
jest.setTimeout(120_000);

/** The routes anyone may call. Everything else under /api must refuse a request without a valid token. */
const PUBLIC = [
  'POST /api/auth/register',
  'POST /api/auth/resend-registration-otp',
  'POST /api/auth/verify-registration-otp',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/verify-otp',
  'POST /api/auth/reset-password',
  'GET /api/health',
  'GET /api/openapi.json',
];

interface JsonSchema {
  type?: string;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const nameOf = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const bodySchemaOf = (route: RegisteredRoute) =>
  (route.schema as (FastifySchema & { body?: JsonSchema }) | undefined)?.body;

/** A body the schema accepts: its required fields with plain values (the user's own secrets). */
function validBody(route: RegisteredRoute, user: TestUser): Record<string, unknown> {
  const schema = bodySchemaOf(route);
  const body: Record<string, unknown> = {};
  // The master password too where it may be left out (inside an unlock window): these calls have none.
  const optionalSecret = schema?.properties?.masterPassword ? ['masterPassword'] : [];
  for (const name of new Set([...(schema?.required ?? []), ...optionalSecret])) {
    const property = schema?.properties?.[name] ?? {};
    if (name === 'masterPassword') body[name] = user.masterPassword;
    else if (property.enum) body[name] = property.enum[0];
    else if (property.type === 'boolean') body[name] = false;
    else if (property.type === 'integer' || property.type === 'number') body[name] = 1;
    else if (property.type === 'array') body[name] = [];
    else if (property.type === 'object') body[name] = {};
    else body[name] = 'x';
  }
  return body;
}

/** Values of the wrong JSON type for a property of `type`. */
function wrongValues(type: string | undefined): unknown[] {
  const all: Record<string, unknown> = {
    number: 12345,
    boolean: true,
    array: ['x'],
    object: { nested: 'x' },
    null: null,
  };
  const fits = (kind: string) =>
    kind === type || (kind === 'number' && (type === 'integer' || type === 'number'));
  return Object.entries(all)
    .filter(([kind]) => !fits(kind))
    .map(([, value]) => value);
}

function isJsonMessage(res: LightMyRequestResponse): boolean {
  try {
    const body = res.json() as { message?: unknown };
    return typeof body.message === 'string' && body.message.length > 0;
  } catch {
    return false;
  }
}

describe('security suite: every registered route', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let ann: TestUser;
  let annEntryId: string;

  beforeAll(async () => {
    t = await startTestApp();
    routes = listRoutes(t.app).filter((route) => route.url.startsWith('/api/'));
    ann = await createUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/passwords',
      headers: ann.auth,
      payload: { title: 'Ann bank', password: 'Ann-Entry-1', masterPassword: ann.masterPassword },
    });
    expect(created.statusCode).toBe(201);
    annEntryId = created.json().data.password._id;
  });
  afterAll(() => t.close());

  const signedIn = () => routes.filter((route) => !PUBLIC.includes(nameOf(route)));
  const withId = () => routes.filter((route) => route.url.includes(':id'));
  const withBody = () => routes.filter((route) => bodySchemaOf(route));

  function call(
    route: RegisteredRoute,
    options: { headers?: Record<string, string>; payload?: InjectOptions['payload']; id?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const hasBody = Boolean(bodySchemaOf(route));
    return t.app.inject({
      method: route.method as InjectOptions['method'],
      url: route.url.replace(':id', encodeURIComponent(options.id ?? annEntryId)),
      headers: options.headers ?? {},
      ...(options.payload !== undefined ? { payload: options.payload } : hasBody ? { payload: {} } : {}),
    });
  }

  /** Runs `check` on each route; returns "<route>: <what went wrong>" for each that failed it. */
  async function failuresOf(
    list: RegisteredRoute[],
    check: (route: RegisteredRoute) => Promise<string | undefined>,
  ): Promise<string[]> {
    const failures: string[] = [];
    for (const route of list) {
      const problem = await check(route);
      if (problem) failures.push(`${nameOf(route)}: ${problem}`);
    }
    return failures;
  }

  const refusedAsUnauthorized = (res: LightMyRequestResponse): string | undefined => {
    if (res.statusCode !== 401) return `answered ${res.statusCode} ${res.body}`;
    const { message } = res.json() as { message?: string };
    return /Token|Access denied/.test(message ?? '') ? undefined : `401 with message ${String(message)}`;
  };

  it('finds the routes: every public one exists and the signed-in ones cover each module', () => {
    const names = routes.map(nameOf);
    for (const name of PUBLIC) expect(names).toContain(name);
    expect(signedIn().map(nameOf)).toEqual(
      expect.arrayContaining([
        'GET /api/auth/me',
        'POST /api/auth/logout',
        'POST /api/auth/verify-master',
        'POST /api/auth/enable-2fa',
        'GET /api/passwords',
        'POST /api/passwords/:id/view',
        'PATCH /api/passwords/:id/favorite',
        'POST /api/utility/export',
        'POST /api/utility/import',
        'PUT /api/user/profile',
        'DELETE /api/user/account',
      ]),
    );
    expect(withId().length).toBeGreaterThanOrEqual(4);
  });

  describe('tokens', () => {
    it('refuses a request without a token on every signed-in route', async () => {
      const failures = await failuresOf(signedIn(), async (route) =>
        refusedAsUnauthorized(await call(route)),
      );
      expect(failures).toEqual([]);
    });

    it('refuses malformed tokens on every signed-in route', async () => {
      const malformed = [
        'Bearer not-a-real-token',
        `Bearer ${'a'.repeat(5000)}`,
        'Bearer ',
        'Bearer two parts',
        'Basic dXNlcjpwYXNz',
        ann.token, // the token without "Bearer"
      ];
      const failures = await failuresOf(signedIn(), async (route) => {
        for (const authorization of malformed) {
          const problem = refusedAsUnauthorized(await call(route, { headers: { authorization } }));
          if (problem) return `${authorization.slice(0, 20)}…: ${problem}`;
        }
        return undefined;
      });
      expect(failures).toEqual([]);
    });

    it('refuses a revoked token (after logout) on every signed-in route', async () => {
      const user = await createUser(t);
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
      expect(logout.statusCode).toBe(200);
      const failures = await failuresOf(signedIn(), async (route) =>
        refusedAsUnauthorized(await call(route, { headers: user.auth, payload: validBody(route, user) })),
      );
      expect(failures).toEqual([]);
    });

    it('refuses an expired token on every signed-in route', async () => {
      const user = await createUser(t);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
      expect(me.statusCode).toBe(200);
      t.clock.advance(SESSION_MAX_AGE_MS + 60_000);
      const failures = await failuresOf(signedIn(), async (route) => {
        const res = await call(route, { headers: user.auth, payload: validBody(route, user) });
        return (
          refusedAsUnauthorized(res) ?? (res.json().message === 'Token has expired' ? undefined : res.body)
        );
      });
      expect(failures).toEqual([]);
      // Ann's session ended too: a new one for the tests below.
      Object.assign(ann, await createSession(t, ann.userId));
    });
  });

  describe('ids', () => {
    it("answers 404 on every :id route when the id is another user's, and leaves the entry alone", async () => {
      const bob = await createUser(t);
      const failures = await failuresOf(withId(), async (route) => {
        const res = await call(route, { headers: bob.auth, payload: validBody(route, bob) });
        if (res.statusCode !== 404 || !isJsonMessage(res)) return `answered ${res.statusCode} ${res.body}`;
        return undefined;
      });
      expect(failures).toEqual([]);
      const view = await t.app.inject({
        method: 'POST',
        url: `/api/passwords/${annEntryId}/view`,
        headers: ann.auth,
        payload: { masterPassword: ann.masterPassword },
      });
      expect(view.statusCode).toBe(200);
      expect(view.json().data.password).toMatchObject({
        title: 'Ann bank',
        isFavorite: false,
        password: 'Ann-Entry-1',
      });
    });

    it('answers 404 (or 414 when absurdly long) on every :id route for a malformed id, never 5xx', async () => {
      const ids = [
        'not-an-id',
        "1' OR '1'='1",
        '../../auth/me',
        '%00',
        '0',
        '-1',
        '{"$ne":null}',
        'é漢字',
        'a'.repeat(99),
        'a'.repeat(5000),
      ];
      const failures = await failuresOf(withId(), async (route) => {
        for (const id of ids) {
          const res = await call(route, { headers: ann.auth, payload: validBody(route, ann), id });
          const okStatus = res.statusCode === 404 || (id.length > 1000 && res.statusCode === 414);
          if (!okStatus || !isJsonMessage(res))
            return `id ${id.slice(0, 20)} answered ${res.statusCode} ${res.body}`;
        }
        return undefined;
      });
      expect(failures).toEqual([]);
    });
  });

  describe('bodies', () => {
    let carol: TestUser;
    beforeAll(async () => {
      carol = await createUser(t);
    });
    const headersFor = (route: RegisteredRoute) => (PUBLIC.includes(nameOf(route)) ? {} : carol.auth);

    function expectMessage(res: LightMyRequestResponse, status: number): string | undefined {
      if (res.statusCode !== status) return `answered ${res.statusCode} ${res.body}, not ${status}`;
      return isJsonMessage(res) ? undefined : `answered ${res.body} without a message`;
    }

    it('answers malformed JSON and JSON that is not an object with 400 and a message', async () => {
      const payloads = ['{"email": ', '{bad json}', '[]', '"text"', '123', 'null', 'true'];
      const failures = await failuresOf(withBody(), async (route) => {
        for (const payload of payloads) {
          const res = await call(route, {
            headers: { ...headersFor(route), 'content-type': 'application/json' },
            payload,
          });
          const problem = expectMessage(res, 400);
          if (problem) return `${payload}: ${problem}`;
        }
        return undefined;
      });
      expect(failures).toEqual([]);
    });

    it('answers a value of the wrong JSON type in any field with 400 and a message', async () => {
      const failures = await failuresOf(withBody(), async (route) => {
        const schema = bodySchemaOf(route);
        for (const [field, property] of Object.entries(schema?.properties ?? {})) {
          for (const wrong of wrongValues(property.type)) {
            const payload = { ...validBody(route, carol), [field]: wrong };
            const problem = expectMessage(await call(route, { headers: headersFor(route), payload }), 400);
            if (problem) return `${field}=${JSON.stringify(wrong)}: ${problem}`;
          }
        }
        return undefined;
      });
      expect(failures).toEqual([]);
    });

    it('answers a body over the route limit with 413 and a message', async () => {
      const failures = await failuresOf(withBody(), async (route) => {
        const limit = route.bodyLimit ?? t.app.initialConfig.bodyLimit ?? 1024 * 1024;
        const payload = JSON.stringify({ padding: 'x'.repeat(limit) });
        const res = await call(route, {
          headers: { ...headersFor(route), 'content-type': 'application/json' },
          payload,
        });
        return expectMessage(res, 413);
      });
      expect(failures).toEqual([]);
    });

    it('answers a body that is not JSON with 415 and a message', async () => {
      const kinds = [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ];
      const failures = await failuresOf(withBody(), async (route) => {
        for (const contentType of kinds) {
          const res = await call(route, {
            headers: { ...headersFor(route), 'content-type': contentType },
            payload: JSON.stringify(validBody(route, carol)),
          });
          const problem = expectMessage(res, 415);
          if (problem) return `${contentType}: ${problem}`;
        }
        return undefined;
      });
      expect(failures).toEqual([]);
    });
  });

  describe('rate limits', () => {
    it('limits each client on every public route that takes a body: 429, Retry-After and when', async () => {
      const publicWithBody = withBody().filter((route) => PUBLIC.includes(nameOf(route)));
      expect(publicWithBody.length).toBe(7);
      const failures = await failuresOf(publicWithBody, async (route) => {
        const remoteAddress = `198.18.${publicWithBody.indexOf(route)}.1`;
        // An empty body is refused by every one of them, after it was counted.
        const send = () => t.app.inject({ method: 'POST', url: route.url, payload: {}, remoteAddress });
        for (let i = 0; i < 100; i += 1) {
          const res = await send();
          if (res.statusCode === 429) {
            const retryAfter = Number(res.headers['retry-after']);
            const { message } = res.json() as { message: string };
            if (!(retryAfter > 0)) return `429 without Retry-After`;
            if (!message.includes(`${retryAfter} second`)) return `429 saying "${message}", not when`;
            return i >= 5 ? undefined : `limited after ${i} requests`;
          }
          if (res.statusCode >= 500) return `answered ${res.statusCode}`;
        }
        return 'never limited after 100 requests';
      });
      expect(failures).toEqual([]);
    });
  });

  describe('unknown fields are dropped', () => {
    it('does not let a create body choose the id, the owner or the dates', async () => {
      const dan = await createUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: dan.auth,
        payload: {
          title: 'Forged',
          password: 'Entry-1',
          masterPassword: dan.masterPassword,
          _id: 'forged-id',
          id: 'forged-id',
          userId: ann.userId,
          user_id: ann.userId,
          createdAt: '1999-01-01T00:00:00.000Z',
          isAdmin: true,
        },
      });
      expect(res.statusCode).toBe(201);
      const entry = res.json().data.password;
      expect(entry._id).not.toBe('forged-id');
      expect(entry.createdAt).not.toBe('1999-01-01T00:00:00.000Z');
      expect(entry).not.toHaveProperty('isAdmin');
      expect(entry).not.toHaveProperty('userId');
      const row = await t.db
        .selectFrom('passwords')
        .select(['user_id'])
        .where('id', '=', entry._id)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(dan.userId);
      expect(await t.db.selectFrom('passwords').select('id').where('id', '=', 'forged-id').execute()).toEqual(
        [],
      );
    });

    it('does not let a profile or settings body change the id or the counts', async () => {
      const eve = await createUser(t);
      const profile = await t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: eve.auth,
        payload: { firstName: 'Eve', lastName: 'E', _id: ann.userId, isAdmin: true, twoFactorEnabled: true },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().user).toMatchObject({ _id: eve.userId, twoFactorEnabled: false });
      expect(profile.json().user).not.toHaveProperty('isAdmin');
      const settings = await t.app.inject({
        method: 'PUT',
        url: '/api/user/settings',
        headers: eve.auth,
        payload: { autoLogout: 15, totalPasswords: 999, isAdmin: true },
      });
      expect(settings.statusCode).toBe(200);
      expect(settings.json().settings).toMatchObject({ autoLogout: 15, totalPasswords: 0 });
      expect(settings.json().settings).not.toHaveProperty('isAdmin');
    });
  });
});
