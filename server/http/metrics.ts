// GET /api/metrics: Prometheus text for the operator's scraper, only with METRICS_TOKEN set (otherwise
// there is no such route, 404) and only for `Authorization: Bearer <METRICS_TOKEN>` (otherwise 401).
// Each app has its own registry (tests run several apps in one process). Requests are counted by route
// pattern (never the URL itself: no ids, no query string, no search), method and status class; failed
// sign-ins and wrong master passwords are read off the answers, so no module has to call in; the
// database's connections and the list's window cache are read at each scrape. The endpoint counts
// nothing about itself.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import { poolUseOf, type PoolUse } from '../db/database';
import { HttpError } from './errors';
import { installListCacheMetrics } from './listCacheMetrics';
import { ErrorResponse } from './schemas';

export const METRICS_TOKEN_MISSING = 'Access denied: the metrics token is missing';
export const METRICS_TOKEN_WRONG = 'Access denied: the metrics token is not valid';

/** Seconds; up to the import of a whole vault. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

function refused(message: string): HttpError {
  return new HttpError(401, message, { 'www-authenticate': 'Bearer realm="metrics"' });
}

/** Throws 401 unless the request carries the token; compares digests in constant time. */
function checkToken(request: FastifyRequest, expected: Buffer): void {
  const header = request.headers.authorization;
  if (!header) throw refused(METRICS_TOKEN_MISSING);
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match || !crypto.timingSafeEqual(digest(match[1]), expected)) throw refused(METRICS_TOKEN_WRONG);
}

/** A wrong master password: 401 with the attempts the session has left (masterPassword.service). */
function isMasterPasswordFailure(payload: unknown): boolean {
  if (typeof payload !== 'string') return false;
  try {
    const body = JSON.parse(payload) as { attemptsRemaining?: unknown };
    return typeof body.attemptsRemaining === 'number';
  } catch {
    return false;
  }
}

function createMetrics(registry: Registry, ctx: AppContext) {
  const registers = [registry];
  const labelNames = ['method', 'route', 'status_class'] as const;
  const dbGauges: [string, string, (use: PoolUse) => number | undefined][] = [
    ['passvault_db_connections', 'Open database connections (SQLite: its one)', (use) => use.connections],
    ['passvault_db_max_connections', 'The most connections the server opens', (use) => use.maxConnections],
    ['passvault_db_idle_connections', 'PostgreSQL: open connections no query is using', (use) => use.idle],
    ['passvault_db_waiting_queries', 'PostgreSQL: queries waiting for a connection', (use) => use.waiting],
  ];
  for (const [name, help, read] of dbGauges) {
    new Gauge({
      name,
      help,
      labelNames: ['dialect'] as const,
      registers,
      // Read at each scrape.
      collect() {
        const use = poolUseOf(ctx.db);
        const value = use && read(use);
        if (use && value !== undefined) this.set({ dialect: use.dialect }, value);
      },
    });
  }
  installListCacheMetrics(registers, ctx);
  return {
    requests: new Counter({
      name: 'passvault_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class',
      labelNames,
      registers,
    }),
    duration: new Histogram({
      name: 'passvault_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route pattern and status class',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    signInFailures: new Counter({
      name: 'passvault_sign_in_failures_total',
      help: 'Sign-ins refused for a wrong e-mail, password or two-factor code (POST /api/auth/login answering 401)',
      registers,
    }),
    masterPasswordFailures: new Counter({
      name: 'passvault_master_password_failures_total',
      help: 'Wrong master passwords (answers 401 with the attempts left)',
      registers,
    }),
    mailsSent: new Counter({
      name: 'passvault_mails_sent_total',
      help: 'Mails handed to the SMTP server (or, without SMTP_URL, written to the log)',
      registers,
    }),
    mailsFailed: new Counter({
      name: 'passvault_mails_failed_total',
      help: 'Mails the SMTP server did not take',
      registers,
    }),
  };
}

/** Installs the metrics and their route when METRICS_TOKEN is set; call before the routes register. */
export function installMetrics(app: FastifyInstance, ctx: AppContext, apiPrefix: string): void {
  const { metricsToken, basePath } = ctx.config;
  if (!metricsToken) return;
  const expected = digest(metricsToken);
  const metricsUrl = `${apiPrefix}/metrics`;
  const loginUrl = `${apiPrefix}/auth/login`;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = createMetrics(registry, ctx);
  const stopCountingMails = ctx.mailer.onOutcome?.((outcome) =>
    (outcome === 'sent' ? metrics.mailsSent : metrics.mailsFailed).inc(),
  );

  /** The route pattern without BASE_PATH ('/api/passwords/:id'); 'unmatched' for answers of no route. */
  const routeLabel = (pattern: string | undefined) => {
    if (pattern === undefined) return 'unmatched';
    return pattern.startsWith(basePath) ? `/${pattern.slice(basePath.length)}` : pattern;
  };

  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 401 && isMasterPasswordFailure(payload)) metrics.masterPasswordFailures.inc();
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const pattern = request.routeOptions.url;
    if (pattern === metricsUrl) return;
    const labels = {
      method: request.method,
      route: routeLabel(pattern),
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
    if (request.method === 'POST' && pattern === loginUrl && reply.statusCode === 401) {
      metrics.signInFailures.inc();
    }
  });

  app.addHook('onClose', async () => {
    stopCountingMails?.();
    registry.clear();
  });

  app.get(
    metricsUrl,
    {
      schema: {
        security: [{ metricsToken: [] }],
        response: {
          200: {
            description: 'The metrics in the Prometheus text format',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          '4xx': ErrorResponse,
        },
      },
      onRequest: async (request) => checkToken(request, expected),
    },
    async (_request, reply) => {
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    },
  );
}
