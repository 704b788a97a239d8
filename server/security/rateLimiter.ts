// Counters for brute-force limits: "at most `limit` hits of `key` per `windowMs`".
// In memory for one process; Redis (redisRateLimiter) or the database (sqlRateLimiter) share the counters
// between processes behind the same interface; createRateLimiter picks one.

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window of `key` ends (0 when the hit was allowed and nothing blocks). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit of `key`; refuses it once `limit` hits fell in the current window. */
  consume(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Forgets the hits of `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  /**
   * Gives back one hit of `key` in its current window (a check that was booked before it ran, and passed),
   * so that what is counted is failures only.
   */
  refund(key: string): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** Fixed windows in a Map. Expired windows are swept as the map grows, so memory stays bounded by traffic. */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  /** `now` in milliseconds; tests pass their movable clock. */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly sweepEveryMs = 60_000,
  ) {}

  async consume(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    if (window.count >= limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) };
    }
    window.count += 1;
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async refund(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.endsAt > this.now() && window.count > 0) window.count -= 1;
  }

  /** Number of live counters (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.sweepEveryMs;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}
