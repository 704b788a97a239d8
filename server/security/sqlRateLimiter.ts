// Rate-limit counters in the database (table rate_limits): every process on one PostgreSQL sees the same
// counts without Redis. One statement per hit, atomic under concurrency: the upsert locks the key's row,
// and `last_allowed` reports what that very statement decided.
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { RateLimiter, RateLimitResult } from './rateLimiter';

/** Expired windows are deleted at most this often per process. */
const SWEEP_EVERY_MS = 5 * 60_000;

export class SqlRateLimiter implements RateLimiter {
  private nextSweepAt = 0;

  /** `now` in milliseconds (the processes' clocks; a second of skew only moves a window's end). */
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const nowMs = this.now();
    await this.sweep(nowMs);
    const now = new Date(nowMs).toISOString();
    const endsAt = new Date(nowMs + windowMs).toISOString();
    const expired = sql<boolean>`rate_limits.ends_at <= ${now}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, ends_at: endsAt, last_allowed: 1 })
      .onConflict((conflict) =>
        // Every expression of SET reads the row as it was before this statement.
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1
            when rate_limits.count < ${limit} then rate_limits.count + 1
            else rate_limits.count end`,
          ends_at: sql<string>`case when ${expired} then ${endsAt} else rate_limits.ends_at end`,
          last_allowed: sql<number>`case when ${expired} or rate_limits.count < ${limit} then 1 else 0 end`,
        }),
      )
      .returning(['ends_at', 'last_allowed'])
      .executeTakeFirstOrThrow();
    if (Number(row.last_allowed) === 1) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(row.ends_at) - nowMs) / 1000)),
    };
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .where('ends_at', '>', new Date(this.now()).toISOString())
      .execute();
  }

  private async sweep(nowMs: number): Promise<void> {
    if (nowMs < this.nextSweepAt) return;
    this.nextSweepAt = nowMs + SWEEP_EVERY_MS;
    await this.db.deleteFrom('rate_limits').where('ends_at', '<=', new Date(nowMs).toISOString()).execute();
  }
}
