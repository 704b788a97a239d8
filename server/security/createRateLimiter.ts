// Where the brute-force counters live: Redis when REDIS_URL is set; else the PostgreSQL database when
// DATABASE_URL is set (every process on it shares them); else memory (SQLite means one process).
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { InMemoryRateLimiter, type RateLimiter } from './rateLimiter';
import { RedisRateLimiter } from './redisRateLimiter';
import { SqlRateLimiter } from './sqlRateLimiter';

export interface RateLimiterHandle {
  limiter: RateLimiter;
  /** Where the counters live, for the start-up log line. */
  store: 'redis' | 'database' | 'memory';
  close(): Promise<void>;
}

export interface RateLimiterDependencies {
  db: Db;
  /** Milliseconds; tests pass their movable clock (Redis keeps its own time). */
  now?: () => number;
  onError?: (error: Error) => void;
  /** Prefix of the Redis keys. */
  redisPrefix?: string;
}

/** How long start-up waits for Redis before it gives up with a clear message. */
const REDIS_CONNECT_TIMEOUT_MS = 5000;

/** The URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

async function connectRedis(url: string, onError?: (error: Error) => void): Promise<Redis> {
  let connected = false;
  let lastError: Error | undefined;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // A socket that does not close within this is destroyed (the default, 2 s, delays a failed start).
    disconnectTimeout: 500,
    // A request waits for at most one reconnection, then fails (503) instead of hanging.
    maxRetriesPerRequest: 1,
    // Reconnect after an outage, but not when the first connection fails: start-up reports it instead.
    retryStrategy: (times) => (connected ? Math.min(times * 200, 2000) : null),
  });
  // ioredis reports every failed reconnection: pass on the first of each outage only.
  let reported = false;
  redis.on('error', (error: Error) => {
    lastError = error;
    if (connected && !reported) onError?.(error);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const reason = lastError?.message ?? (error as Error).message;
    throw new Error(`Cannot connect to REDIS_URL ${redactedUrl(url)}: ${reason}`, { cause: error });
  }
  connected = true;
  return redis;
}

/** Throws when REDIS_URL is set but Redis does not answer, so the server does not start half-protected. */
export async function createRateLimiter(
  config: Pick<Config, 'redisUrl' | 'databaseUrl'>,
  deps: RateLimiterDependencies,
): Promise<RateLimiterHandle> {
  if (config.redisUrl) {
    const redis = await connectRedis(config.redisUrl, deps.onError);
    return {
      limiter: new RedisRateLimiter(redis, { prefix: deps.redisPrefix, onError: deps.onError }),
      store: 'redis',
      async close() {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  if (config.databaseUrl) {
    return { limiter: new SqlRateLimiter(deps.db, deps.now), store: 'database', close: async () => {} };
  }
  return { limiter: new InMemoryRateLimiter(deps.now), store: 'memory', close: async () => {} };
}
