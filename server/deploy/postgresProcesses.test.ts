// Several server processes on one PostgreSQL, as a company runs them behind its load balancer: they start
// together on an empty schema (the migrations take a lock and run once), a session made by one is good on
// the other, a logout on one ends it on the other at once, two-factor secrets sealed by one open on the
// other, and the brute-force counters are shared, in the database and, with REDIS_URL, in Redis. Last,
// the README's pg_dump/pg_restore round trip. Real `server/main.ts` processes, PostgreSQL and mail.
import { execFile, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { LIMITS } from '../security/limits';
import { totp } from '../modules/twoFactor/totp';
import { redisAvailable, startTestRedis, type TestRedis } from '../test/sharedStores';
import { startSmtpServer, type TestSmtpServer } from '../test/smtpServer';
import {
  ACCOUNT_PASSWORD,
  api,
  createEntry,
  MASTER_PASSWORD,
  registerUser,
  startServer,
  type ServerEnv,
  type ServerProcess,
} from '../test/serverProcess';
import { onPostgres } from '../test/testDatabase';

const pgUrl = process.env.TEST_DATABASE_URL;
// Only the server-postgres project (which exists when TEST_DATABASE_URL is set) runs these.
const describeOnPostgres = pgUrl && onPostgres ? describe : describe.skip;
const title = pgUrl
  ? 'two server processes on one PostgreSQL'
  : 'two server processes on one PostgreSQL (skipped: set TEST_DATABASE_URL=postgres://… to run)';

const pgToolsInstalled =
  spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;

/** Runs a PostgreSQL client tool; rejects with its stderr when it fails. */
function pgTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${command} failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

const MIGRATION_COUNT = fs
  .readdirSync(path.join(__dirname, '..', 'db', 'migrations'))
  .filter((name) => /^\d{4}_\d{2}_\d{2}_\d{3}_\w+\.ts$/.test(name)).length;

// Addresses are handed out in turn from a random start, so no two calls of one run share one (a random
// pick each time collided 1 in 254 and let one test's throttled address refuse another's sign-in).
let nextClientHost = crypto.randomInt(0, 254);

/** A documentation address (RFC 5737) of its own, sent as the proxy would: no shared IP counter. */
function clientIp(): string {
  nextClientHost = (nextClientHost + 1) % 254;
  return `198.51.100.${nextClientHost + 1}`;
}

interface LoginAnswer {
  status: number;
  message?: string;
}

async function login(
  server: ServerProcess,
  email: string,
  password: string,
  ip: string,
  twoFactorCode?: string,
) {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password, twoFactorCode }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json()) as {
    message?: string;
    requiresTwoFactor?: boolean;
    data?: { token?: string };
  };
  return {
    status: res.status,
    message: body.message,
    requiresTwoFactor: body.requiresTwoFactor === true,
    token: body.data?.token,
  };
}

/**
 * Wrong passwords for one account from one address, alternating between the processes, two more than
 * the limit allows:
 * with shared counters the attempts after the limit are refused, whichever process gets them.
 */
async function hammerLogin(servers: ServerProcess[], email: string, ip: string): Promise<LoginAnswer[]> {
  const answers: LoginAnswer[] = [];
  const { limit } = LIMITS.loginFailures;
  for (let i = 0; i < limit + 2; i += 1) {
    const { status, message } = await login(servers[i % servers.length], email, `Wrong${i}!pass`, ip);
    answers.push({ status, message });
  }
  return answers;
}

describeOnPostgres(title, () => {
  jest.setTimeout(120_000);

  const schema = `deploy_${crypto.randomBytes(6).toString('hex')}`;
  // Another deployment in the same database, in a schema of its own (a staging copy, say).
  const neighbour = `${schema}_neighbour`;
  // Where the pg_dump/pg_restore test restores to.
  const restoredDatabase = `passvault_restore_${crypto.randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let databaseUrl: string;
  let smtp: TestSmtpServer;
  let redis: TestRedis | undefined;
  const started: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let dataDir: string;

  const env = (extra: ServerEnv = {}): ServerEnv => ({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    // The test talks to the processes as the reverse proxy would, with X-Forwarded-For.
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-static'),
    ...extra,
  });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-pg-processes-'));
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.query(`create schema "${neighbour}"`);
    const schemaUrl = (name: string) => {
      const url = new URL(pgUrl as string);
      url.searchParams.set('options', `-c search_path=${name}`);
      return url.toString();
    };
    databaseUrl = schemaUrl(schema);
    const other = createDatabase({ databaseUrl: schemaUrl(neighbour), sqliteFile: '' });
    await migrateToLatest(other);
    await other.destroy();
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    await smtp?.close();
    await redis?.close();
    if (admin) {
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.query(`drop schema if exists "${neighbour}" cascade`);
      await admin.query(`drop database if exists "${restoredDatabase}"`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('start together on an empty schema beside another deployment; migrations run once', async () => {
    const before = await admin.query('select count(*)::int as n from pg_tables where schemaname = $1', [
      schema,
    ]);
    expect(before.rows[0].n).toBe(0);

    const results = await Promise.allSettled([startServer('a', env()), startServer('b', env())]);
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);
    [a, b] = started;

    const applied = await admin.query(`select name from "${schema}".kysely_migration order by name`);
    expect(applied.rows).toHaveLength(MIGRATION_COUNT);
    expect(new Set(applied.rows.map((row: { name: string }) => row.name)).size).toBe(MIGRATION_COUNT);
    const tables = await admin.query('select tablename from pg_tables where schemaname = $1', [schema]);
    expect(tables.rows.map((row: { tablename: string }) => row.tablename)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'passwords', 'rate_limits']),
    );
    for (const server of [a, b])
      expect(server.output()).toContain('Rate-limit counters are kept in database');
  });

  it('a code mailed by one is accepted by the other, and a token of either works on both', async () => {
    const email = `pair-${crypto.randomBytes(4).toString('hex')}@example.test`;
    // Registered on A, confirmed on B: the pending registration and its code live in the database.
    const tokenFromB = await registerUser(smtp, email, a, b);
    expect((await api(a, 'GET', '/api/auth/me', { token: tokenFromB })).status).toBe(200);

    const signedInOnA = await login(a, email, ACCOUNT_PASSWORD, clientIp());
    expect(signedInOnA.status).toBe(200);
    const tokenFromA = signedInOnA.token as string;
    const me = await api<{ user: { email: string } }>(b, 'GET', '/api/auth/me', { token: tokenFromA });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(email);

    // What one process writes, the other serves.
    const shared = await createEntry(a, tokenFromA, 'Shared');
    type Window = { data: { passwords: { title: string; isFavorite: boolean }[]; total: number } };
    const windowOnB = () => api<Window>(b, 'GET', '/api/passwords?limit=50', { token: tokenFromA });
    expect((await windowOnB()).body.data.passwords.map((entry) => entry.title)).toEqual(['Shared']);
    // B keeps that window now; A's next writes reach it at B's next read, through the change log.
    await createEntry(a, tokenFromA, 'Second');
    expect((await api(a, 'PATCH', `/api/passwords/${shared}/favorite`, { token: tokenFromA })).status).toBe(
      200,
    );
    const after = (await windowOnB()).body.data;
    expect(after.passwords.map((entry) => [entry.title, entry.isFavorite])).toEqual([
      ['Second', false],
      ['Shared', true],
    ]);
    expect(after.total).toBe(2);
  });

  it('a logout on one process is honoured by the other at once', async () => {
    const email = `logout-${crypto.randomBytes(4).toString('hex')}@example.test`;
    await registerUser(smtp, email, b);
    const { token } = await login(b, email, ACCOUNT_PASSWORD, clientIp());
    expect((await api(a, 'GET', '/api/auth/me', { token })).status).toBe(200);

    expect((await api(a, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await api<{ message: string }>(b, 'GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/Token|Access denied/);
    // And the other way round, for a session made on A and ended on B.
    const second = await login(a, email, ACCOUNT_PASSWORD, clientIp());
    expect((await api(b, 'POST', '/api/auth/logout', { token: second.token })).status).toBe(200);
    expect((await api(a, 'GET', '/api/auth/me', { token: second.token })).status).toBe(401);
  });

  it('two-factor set up through one process signs in through the other (one server key)', async () => {
    const email = `totp-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const token = await registerUser(smtp, email, a);
    // A seals the new TOTP secret with the server key; B must open it to confirm the setup.
    const setup = await api<{ secret: string }>(a, 'POST', '/api/auth/enable-2fa', {
      token,
      body: { password: ACCOUNT_PASSWORD },
    });
    expect(setup.status).toBe(200);
    const confirmed = await api(b, 'POST', '/api/auth/verify-2fa-setup', {
      token,
      body: { otp: totp(setup.body.secret, new Date()) },
    });
    expect(confirmed.status).toBe(200);

    const ip = clientIp();
    expect((await login(b, email, ACCOUNT_PASSWORD, ip)).requiresTwoFactor).toBe(true);
    // Each code works once: the next step's code (accepted within the ±1 step window) signs in on B.
    const nextCode = totp(setup.body.secret, new Date(Date.now() + 30_000));
    const signedIn = await login(b, email, ACCOUNT_PASSWORD, ip, nextCode);
    expect(signedIn.status).toBe(200);
    expect((await api(a, 'GET', '/api/auth/me', { token: signedIn.token })).status).toBe(200);
    // The same code again, now on A: refused, the processes share what was used.
    expect((await login(a, email, ACCOUNT_PASSWORD, ip, nextCode)).status).toBe(401);
  });

  it('share the login counter of an account through the database', async () => {
    const email = `limit-${crypto.randomBytes(4).toString('hex')}@example.test`;
    await registerUser(smtp, email, a);
    const ip = clientIp();
    const answers = await hammerLogin([a, b], email, ip);
    const { limit } = LIMITS.loginFailures;
    // Each process alone saw only half the limit: the 429 proves they count together.
    expect(answers.slice(0, limit).map((answer) => answer.status)).toEqual(Array(limit).fill(401));
    expect(answers.slice(limit).map((answer) => answer.status)).toEqual([429, 429]);
    expect(answers[limit].message).toMatch(/Too many attempts\. Please try again in \d+ (second|minute)/);
    // From that address the right password is refused too until the window ends, on both; the owner's
    // own address is not.
    expect((await login(a, email, ACCOUNT_PASSWORD, ip)).status).toBe(429);
    expect((await login(b, email, ACCOUNT_PASSWORD, ip)).status).toBe(429);
    expect((await login(b, email, ACCOUNT_PASSWORD, clientIp())).status).toBe(200);
  });

  (redisAvailable ? it : it.skip)('share the login counter through Redis when REDIS_URL is set', async () => {
    redis = await startTestRedis();
    const results = await Promise.allSettled([
      startServer('c', env({ REDIS_URL: redis.url })),
      startServer('d', env({ REDIS_URL: redis.url })),
    ]);
    const pair = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    started.push(...pair);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    for (const server of pair) expect(server.output()).toContain('Rate-limit counters are kept in redis');

    const email = `redis-${crypto.randomBytes(4).toString('hex')}@example.test`;
    await registerUser(smtp, email, pair[0], pair[1]);
    const answers = await hammerLogin(pair, email, clientIp());
    const { limit } = LIMITS.loginFailures;
    expect(answers.slice(0, limit).map((answer) => answer.status)).toEqual(Array(limit).fill(401));
    expect(answers.slice(limit).map((answer) => answer.status)).toEqual([429, 429]);
    // Redis, not the database, holds these counters: the table has no row for this account.
    const rows = await admin.query(`select key from "${schema}".rate_limits where key like $1`, [
      `%${email}%`,
    ]);
    expect(rows.rows).toEqual([]);
  });

  (pgToolsInstalled ? it : it.skip)(
    'pg_dump and pg_restore as the README says: the restored database serves the same vault',
    async () => {
      const email = `dump-${crypto.randomBytes(4).toString('hex')}@example.test`;
      const token = await registerUser(smtp, email, a);
      await createEntry(b, token, 'Dumped');

      // README: pg_dump --format=custom --file=FILE "$DATABASE_URL" (here the one schema of this test).
      const dump = path.join(dataDir, 'passvault.dump');
      await pgTool('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, pgUrl as string]);
      await admin.query(`create database "${restoredDatabase}"`);
      const target = new URL(pgUrl as string);
      target.pathname = `/${restoredDatabase}`;
      // A dump of the whole database (the README's) carries the pg_trgm extension that search's index
      // needs; this one holds only the test's schema, so the extension is created as that dump would.
      const restoreAdmin = new pg.Client({ connectionString: target.toString() });
      await restoreAdmin.connect();
      await restoreAdmin.query('create extension if not exists pg_trgm with schema public');
      await restoreAdmin.end();
      // README: pg_restore --no-owner --dbname="$DATABASE_URL" FILE, into an empty database.
      await pgTool('pg_restore', ['--no-owner', `--dbname=${target.toString()}`, dump]);

      target.searchParams.set('options', `-c search_path=${schema}`);
      const restored = await startServer('restored', env({ DATABASE_URL: target.toString() }));
      started.push(restored);
      expect((await api(restored, 'GET', '/api/auth/me', { token })).status).toBe(200);
      const list = await api<{ data: { passwords: { _id: string; title: string }[] } }>(
        restored,
        'GET',
        '/api/passwords?search=Dumped',
        { token },
      );
      expect(list.body.data.passwords.map((entry) => entry.title)).toEqual(['Dumped']);
      const reveal = await api<{ data: { password: { password: string } } }>(
        restored,
        'POST',
        `/api/passwords/${list.body.data.passwords[0]._id}/view`,
        { token, body: { masterPassword: MASTER_PASSWORD } },
      );
      expect(reveal.body.data.password.password).toBe('Pw-Dumped-9!');
      await restored.stop();
    },
  );
});
