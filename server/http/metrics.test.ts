// GET /api/metrics: Prometheus text behind METRICS_TOKEN, one registry per app, requests counted by route
// pattern only, failed sign-ins and master passwords, mails, database connections and the process.
import fs from 'node:fs';
import path from 'node:path';
import { createUser, type TestUser } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/testApp';
import { METRICS_TOKEN_MISSING, METRICS_TOKEN_WRONG } from './metrics';
import { onPostgres } from '../test/testDatabase';

const TOKEN = 'metrics-test-token-7f3a9c1e5b2d8046';

/** The value of one sample, e.g. sample(text, 'passvault_mails_sent_total'); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ? match[2].split(',') : [];
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('does not exist: 404 like any unknown API path, token or not, and no API description of it', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: object;
      components: { securitySchemes: object };
    }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerAuth']);
  });
});

describe('GET /api/metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** Scrapes until `check` holds (what happens after an answer, like a mail), for up to 5 s. */
  const until = async (check: (text: string) => boolean) => {
    for (let tries = 0; tries < 100; tries += 1) {
      const text = await scrape();
      if (check(text)) return text;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return scrape();
  };

  it('answers 401 with the usual error shape without the token or with a wrong one', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, METRICS_TOKEN_MISSING],
      [{ authorization: `Bearer ${TOKEN}x` }, METRICS_TOKEN_WRONG],
      [{ authorization: `Bearer ${TOKEN.slice(0, -1)}` }, METRICS_TOKEN_WRONG],
      [{ authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }, METRICS_TOKEN_WRONG],
      [{ authorization: TOKEN }, METRICS_TOKEN_WRONG],
      [user.auth, METRICS_TOKEN_WRONG],
    ];
    for (const [headers, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 401, body: { message } });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('passvault_');
    }
  });

  it('answers the Prometheus text format, never cached, with the process metrics', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'passvault_sign_in_failures_total',
      'passvault_master_password_failures_total',
      'passvault_mails_sent_total',
      'passvault_mails_failed_total',
    ]) {
      expect({ name, value: sample(res.body, name) }).toEqual({ name, value: expect.any(Number) });
    }
  });

  it('counts requests by route pattern, method and status class: no ids, no query, no search', async () => {
    const id = '5d1f6c2a-8b3e-4f70-9a14-c6e2b7d03f95';
    await t.app.inject({
      method: 'GET',
      url: '/api/passwords?search=banking-secret&limit=5',
      headers: user.auth,
    });
    await t.app.inject({ method: 'GET', url: '/api/passwords?search=other-term', headers: user.auth });
    await t.app.inject({ method: 'DELETE', url: `/api/passwords/${id}` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${id}?q=lost` });
    const text = await scrape();
    expect(
      sample(text, 'passvault_http_requests_total', {
        method: 'GET',
        route: '/api/passwords',
        status_class: '2xx',
      }),
    ).toBe(2);
    expect(
      sample(text, 'passvault_http_requests_total', {
        method: 'DELETE',
        route: '/api/passwords/:id',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(
      sample(text, 'passvault_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'passvault_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/passwords',
        status_class: '2xx',
      }),
    ).toBe(2);
    for (const secret of [
      id,
      'banking-secret',
      'other-term',
      'no-such-thing',
      '?',
      TOKEN,
      user.token,
      user.email,
    ]) {
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  it('does not count itself, whatever it answers', async () => {
    await t.app.inject({ method: 'GET', url: '/api/metrics' });
    await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer wrong-token-123456' },
    });
    await scrape();
    const text = await scrape();
    expect(text).not.toContain('/metrics');
  });

  // Before any sign-in: a sign-in's alert mail would be counted too.
  it('counts mails sent and mails the SMTP server refused', async () => {
    const forgot = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const before = await scrape();
    const sent = sample(before, 'passvault_mails_sent_total') ?? NaN;
    const failed = sample(before, 'passvault_mails_failed_total') ?? NaN;
    // The reset mail goes out after the answer.
    const mail = t.smtp.nextMailTo(user.email);
    expect((await forgot()).statusCode).toBe(200);
    await mail;
    expect(
      sample(
        await until((text) => sample(text, 'passvault_mails_sent_total') === sent + 1),
        'passvault_mails_sent_total',
      ),
    ).toBe(sent + 1);
    t.smtp.failNext();
    t.clock.advance(120_000);
    expect((await forgot()).statusCode).toBe(200);
    const after = await until((text) => sample(text, 'passvault_mails_failed_total') === failed + 1);
    expect(sample(after, 'passvault_mails_failed_total')).toBe(failed + 1);
    expect(sample(after, 'passvault_mails_sent_total')).toBe(sent + 1);
  });

  it('counts failed sign-ins: a wrong password, an unknown e-mail; not a refused form', async () => {
    const before = sample(await scrape(), 'passvault_sign_in_failures_total') ?? NaN;
    const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect((await login({ email: user.email, password: 'Wrong@Pass1' })).statusCode).toBe(401);
    expect((await login({ email: 'nobody@example.test', password: 'Wrong@Pass1' })).statusCode).toBe(401);
    expect((await login({ email: user.email })).statusCode).toBe(400);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    expect(sample(await scrape(), 'passvault_sign_in_failures_total')).toBe(before + 2);
  });

  it('counts wrong master passwords, not a missing token or a right one', async () => {
    const verify = (masterPassword: string, headers = user.auth) =>
      t.app.inject({ method: 'POST', url: '/api/auth/verify-master', headers, payload: { masterPassword } });
    const before = sample(await scrape(), 'passvault_master_password_failures_total') ?? NaN;
    expect((await verify('not-the-master-password')).statusCode).toBe(401);
    expect((await verify(user.masterPassword, {} as TestUser['auth'])).statusCode).toBe(401);
    expect((await verify(user.masterPassword)).statusCode).toBe(200);
    expect(sample(await scrape(), 'passvault_master_password_failures_total')).toBe(before + 1);
  });

  it('shows the database connections', async () => {
    const text = await scrape();
    if (onPostgres) {
      const labels = { dialect: 'postgres' };
      expect(sample(text, 'passvault_db_max_connections', labels)).toBe(10);
      expect(sample(text, 'passvault_db_connections', labels)).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'passvault_db_idle_connections', labels)).toEqual(expect.any(Number));
      expect(sample(text, 'passvault_db_waiting_queries', labels)).toEqual(expect.any(Number));
    } else {
      const labels = { dialect: 'sqlite' };
      expect(sample(text, 'passvault_db_connections', labels)).toBe(1);
      expect(sample(text, 'passvault_db_max_connections', labels)).toBe(1);
      expect(text).not.toContain('passvault_db_waiting_queries{');
    }
  });

  it("shows the list's window cache: reads by outcome, catch-ups after a write, what it holds", async () => {
    const list = () => t.app.inject({ method: 'GET', url: '/api/passwords?limit=100', headers: user.auth });
    const add = (title: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: user.auth,
        payload: { title, password: `${title}-Secret-7!`, masterPassword: user.masterPassword },
      });
    const count = (text: string, name: string, labels?: Record<string, string>) =>
      sample(text, name, labels) ?? NaN;
    const hit = { outcome: 'hit' };
    const miss = { outcome: 'miss' };

    expect((await add('Cached One')).statusCode).toBe(201);
    const before = await scrape();
    expect(count(before, 'passvault_list_cache_budget_bytes')).toBe(32_000_000);
    // The first read of the list fills the cache; the next one is answered from it.
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    const read = await scrape();
    expect(count(read, 'passvault_list_cache_reads_total', miss)).toBe(
      count(before, 'passvault_list_cache_reads_total', miss) + 1,
    );
    expect(count(read, 'passvault_list_cache_reads_total', hit)).toBe(
      count(before, 'passvault_list_cache_reads_total', hit) + 1,
    );
    expect(count(read, 'passvault_list_cache_bytes')).toBeGreaterThan(0);
    expect(count(read, 'passvault_list_cache_owners')).toBeGreaterThanOrEqual(1);

    // A write: the next read brings the kept window up to date in place and answers from it.
    expect((await add('Cached Two')).statusCode).toBe(201);
    const answer = await list();
    expect(answer.json<{ data: { total: number } }>().data.total).toBe(2);
    const after = await scrape();
    expect(count(after, 'passvault_list_cache_catch_ups_total')).toBe(
      count(read, 'passvault_list_cache_catch_ups_total') + 1,
    );
    expect(count(after, 'passvault_list_cache_reads_total', hit)).toBe(
      count(read, 'passvault_list_cache_reads_total', hit) + 1,
    );
    expect(count(after, 'passvault_list_cache_restarts_total')).toBe(
      count(read, 'passvault_list_cache_restarts_total'),
    );
    expect(count(after, 'passvault_list_cache_evictions_total')).toBe(0);
    // Nothing of an entry in the metrics: no title, no id.
    expect(after).not.toContain('Cached');
  });

  it('keeps the token and the Authorization header out of the log', () => {
    const log = t.logLines.join('\n');
    expect(log).toContain('/api/metrics');
    expect(log).not.toContain(TOKEN);
  });
});

describe('metrics of several apps in one process', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startTestApp({ env: { METRICS_TOKEN: TOKEN } }),
      startTestApp({ env: { METRICS_TOKEN: TOKEN, BASE_PATH: '/vault' } }),
    ]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('keeps a registry per app, under its BASE_PATH, and labels routes without the prefix', async () => {
    await a.app.inject({ method: 'GET', url: '/api/health' });
    await a.app.inject({ method: 'GET', url: '/api/health' });
    await b.app.inject({ method: 'GET', url: '/vault/api/health' });
    const headers = { authorization: `Bearer ${TOKEN}` };
    const textA = (await a.app.inject({ method: 'GET', url: '/api/metrics', headers })).body;
    const res = await b.app.inject({ method: 'GET', url: '/vault/api/metrics', headers });
    expect(res.statusCode).toBe(200);
    const labels = { method: 'GET', route: '/api/health', status_class: '2xx' };
    expect(sample(textA, 'passvault_http_requests_total', labels)).toBe(2);
    expect(sample(res.body, 'passvault_http_requests_total', labels)).toBe(1);
    expect(res.body).not.toContain('/vault');
  });

  it("answers at the README's scrape job's path (BASE_PATH=/vault)", async () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');
    const job = /```yaml\n(scrape_configs:[\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(job).toMatch(/^ +type: Bearer$/m);
    const metricsPath = /^ +metrics_path: (\S+)/m.exec(job)?.[1];
    expect(metricsPath).toBe('/vault/api/metrics');
    const headers = { authorization: `Bearer ${TOKEN}` };
    const res = await b.app.inject({ method: 'GET', url: metricsPath, headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('passvault_http_requests_total');
  });
});
