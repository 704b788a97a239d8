// PostgreSQL for the bench's second server: found at BENCH_DATABASE_URL, DATABASE_URL or the local
// default (the one CI's tests use), in a fresh schema of its own that is dropped at the end.
import crypto from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './processes';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The URL to try: BENCH_DATABASE_URL, else DATABASE_URL, else the local default. */
export function postgresUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || env.DATABASE_URL || DEFAULT_PG_URL;
}

/** Whether a connection can be made within `timeoutMs` (the answer, or why not). */
export async function postgresAnswers(url: string, timeoutMs = 3000): Promise<{ ok: boolean; why?: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The URL without its password, for the report. */
export function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Creates schema `bench_<random>` and answers a URL whose search_path is that schema (the server's
 * migrations create their tables there); drops it again at the end of the run, also on failure, unless
 * it is to be kept (`--keep`, for a look with psql afterwards).
 */
export async function freshSchema(
  url: string,
  keep = false,
): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  await run(url, `create schema "${schema}"`);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    if (keep) process.stdout.write(`kept schema ${schema}\n`);
    else await run(url, `drop schema "${schema}" cascade`);
  };
  onCleanup(drop);
  const withPath = new URL(url);
  withPath.searchParams.set('options', `-c search_path=${schema}`);
  return { schema, url: withPath.toString(), drop };
}
