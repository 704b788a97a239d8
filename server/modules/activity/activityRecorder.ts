// Writes the access log from the API's answers, in one place: which route answered what decides the
// line, so no service needs to know about the log. Runs after the answer is made; a line that cannot
// be written is logged and never fails the request.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ActivityAction } from '../../../src/common/activity';
import type { AppContext } from '../../context';
import { addRouteHook, bodySchemaOf } from '../../http/routeHooks';
import { checksSecret } from '../../security/clientLimits';
import { INVALID_MASTER_PASSWORD, REASONS } from '../vault/masterPassword.service';
import { entryTitle } from '../vault/passwords.service';
import { recordActivity } from './activity.service';

interface Rule {
  action: ActivityAction;
  /** Success status of the route. */
  status: number;
  /** Where the entry comes from: the :id of the path, or the answer's `data.password`. */
  entry?: 'param' | 'answer';
}

/** Route (method and pattern, without the API prefix) -> the line a success writes. */
const RULES: Record<string, Rule> = {
  'POST /passwords': { action: 'create', status: 201, entry: 'answer' },
  'PUT /passwords/:id': { action: 'update', status: 200, entry: 'answer' },
  'DELETE /passwords/:id': { action: 'delete', status: 200, entry: 'param' },
  'POST /passwords/:id/view': { action: 'reveal', status: 200, entry: 'param' },
  'POST /passwords/:id/history': { action: 'history-reveal', status: 200, entry: 'param' },
  'POST /passwords/:id/restore': { action: 'restore', status: 200, entry: 'answer' },
  'DELETE /passwords/:id/purge': { action: 'purge', status: 200, entry: 'param' },
  'POST /utility/export': { action: 'export', status: 200 },
  'POST /utility/import': { action: 'import', status: 200 },
  'PUT /user/password': { action: 'password-change', status: 200 },
  'PUT /user/master-password': { action: 'master-password-change', status: 200 },
  'POST /auth/verify-2fa-setup': { action: 'two-factor-on', status: 200 },
  'POST /auth/disable-2fa': { action: 'two-factor-off', status: 200 },
};
const SIGN_IN = 'POST /auth/login';

/** What a refused master password answers (masterPassword.service), read from the answer's body. */
const FAILURES: Record<string, ActivityAction> = {
  [INVALID_MASTER_PASSWORD]: 'master-password-failed',
  [REASONS.sessionEnded]: 'lockout',
  [REASONS.locked]: 'unlock-paused',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The title of the entry a logged route acts on, read before the route changes it. */
    activityEntryTitle?: string | null;
  }
}

function parse(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const entryOfAnswer = (body: Record<string, unknown> | undefined) =>
  (body?.data as { password?: { _id?: string; title?: string } } | undefined)?.password;

export function installActivityLog(app: FastifyInstance, ctx: AppContext, api: string): void {
  const keyOf = (method: string, url: string | undefined) =>
    url?.startsWith(api) ? `${method} ${url.slice(api.length)}` : undefined;
  const routeOf = (request: FastifyRequest) => keyOf(request.method, request.routeOptions.url);
  const idOf = (request: FastifyRequest) => (request.params as { id?: string } | undefined)?.id;
  const ruleOf = (route: RouteOptions) =>
    [route.method]
      .flat()
      .map((method) => keyOf(method, route.url))
      .find((key) => key !== undefined);
  // The routes that write a line: those of RULES, the sign-in, and every route that checks a secret
  // from its body (a wrong master password is written whichever route it came to).
  const writesLine = (route: RouteOptions) => {
    const key = ruleOf(route);
    return key !== undefined && (key in RULES || key === SIGN_IN || checksSecret(bodySchemaOf(route)));
  };
  const readsEntryTitle = (route: RouteOptions) => {
    const key = ruleOf(route);
    return key !== undefined && RULES[key]?.entry === 'param';
  };

  addRouteHook(app, 'preHandler', readsEntryTitle, async (request) => {
    const id = idOf(request);
    if (request.auth && id) request.activityEntryTitle = await entryTitle(ctx, request.auth.userId, id);
  });

  addRouteHook(app, 'onSend', writesLine, async (request, reply, payload) => {
    const route = routeOf(request);
    if (!route) return payload;
    try {
      const event = eventOf(route, request, reply.statusCode, payload);
      if (event) {
        await recordActivity(ctx, {
          ...event,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
      }
    } catch (error) {
      request.log.warn({ err: { message: (error as Error)?.message } }, 'activity line not written');
    }
    return payload;
  });

  function eventOf(route: string, request: FastifyRequest, status: number, payload: unknown) {
    if (route === SIGN_IN && status === 200) {
      const user = (parse(payload)?.data as { user?: { _id?: string } } | undefined)?.user;
      return user?._id ? { userId: user._id, action: 'sign-in' as const } : undefined;
    }
    const userId = request.auth?.userId;
    if (!userId) return undefined;
    const rule = RULES[route];
    if (rule && status === rule.status) {
      const answer = rule.entry === 'answer' ? entryOfAnswer(parse(payload)) : undefined;
      return {
        userId,
        action: rule.action,
        entryId: rule.entry === 'param' ? (idOf(request) ?? null) : (answer?._id ?? null),
        entryTitle: rule.entry === 'param' ? (request.activityEntryTitle ?? null) : (answer?.title ?? null),
      };
    }
    if (status === 401 || status === 429) {
      const body = parse(payload);
      const failure = FAILURES[String(body?.reason ?? '')] ?? FAILURES[String(body?.message ?? '')];
      if (failure) return { userId, action: failure, entryId: idOf(request) ?? null };
    }
    return undefined;
  }
}
