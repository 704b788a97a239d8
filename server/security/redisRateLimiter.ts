// Rate-limit counters in Redis (REDIS_URL): shared by every server process, expired by Redis itself.
// Each call is one Lua script, so a hit is counted and judged atomically.
import type { Redis } from 'ioredis';
import { ServiceBusyError } from '../crypto/limiter';
import type { RateLimiter, RateLimitResult } from './rateLimiter';

// KEYS[1] = counter, ARGV[1] = limit, ARGV[2] = window in ms. Returns { allowed (1/0), ms left }.
// A refused hit neither counts nor extends the window.
const CONSUME = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    left = tonumber(ARGV[2])
  end
  return { 0, left }
end
count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return { 1, 0 }
`;

// DECR keeps the key's expiry; a missing or empty counter stays as it is.
const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export interface RedisRateLimiterOptions {
  /** Prepended to every key: several apps (or tests) can share one Redis. */
  prefix?: string;
  /** Called when Redis fails; the request then gets 503 rather than an unlimited pass. */
  onError?: (error: Error) => void;
}

export class RedisRateLimiter implements RateLimiter {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisRateLimiterOptions = {},
  ) {
    this.prefix = options.prefix ?? 'passvault:rate:';
  }

  async consume(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const [allowed, leftMs] = (await this.call(() =>
      this.redis.eval(CONSUME, 1, this.prefix + key, limit, windowMs),
    )) as [number, number];
    if (allowed === 1) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
  }

  async reset(key: string): Promise<void> {
    await this.call(() => this.redis.del(this.prefix + key));
  }

  async refund(key: string): Promise<void> {
    await this.call(() => this.redis.eval(REFUND, 1, this.prefix + key));
  }

  /** A Redis failure fails closed: 503 with Retry-After, never an unlimited guess. */
  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      this.options.onError?.(error as Error);
      throw new ServiceBusyError(5);
    }
  }
}
