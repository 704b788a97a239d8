// Brute-force limits of the signed-in account checks: the account password (settings, two-factor,
// deletion) and two-factor codes (setup and sign-in). Counted per account; a success clears the count,
// so what is limited is wrong guesses in a row.
import type { AppContext } from '../../context';
import { tooManyRequests } from '../../http/errors';
import { InMemoryRateLimiter, type RateLimiter } from '../../security/rateLimiter';

export interface LimitRule {
  limit: number;
  windowMs: number;
}

export const ACCOUNT_LIMITS = {
  /** Account password checks per account. */
  password: { limit: 5, windowMs: 5 * 60_000 },
  /** Two-factor codes (TOTP or recovery) per account. */
  twoFactorCode: { limit: 5, windowMs: 5 * 60_000 },
} as const satisfies Record<string, LimitRule>;

// When the app has no shared limiter (one process), one in-memory limiter per context on its clock.
const fallbacks = new WeakMap<AppContext, RateLimiter>();

function limiterOf(ctx: AppContext): RateLimiter {
  if (ctx.rateLimiter) return ctx.rateLimiter;
  let limiter = fallbacks.get(ctx);
  if (!limiter) {
    limiter = new InMemoryRateLimiter(() => ctx.now().getTime());
    fallbacks.set(ctx, limiter);
  }
  return limiter;
}

/** "45 seconds", "5 minutes": when the client may try again. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface Attempt {
  /** Call after a right guess: the count starts again. */
  succeeded(): Promise<void>;
}

/**
 * Books one attempt of `kind` for the account before the check runs (so parallel guesses cannot pass the
 * limit); throws 429 with Retry-After once the limit is reached.
 */
export async function beginAttempt(
  ctx: AppContext,
  kind: keyof typeof ACCOUNT_LIMITS,
  userId: string,
  what: string,
): Promise<Attempt> {
  const key = `account:${kind}:${userId}`;
  const rule = ACCOUNT_LIMITS[kind];
  const limiter = limiterOf(ctx);
  const result = await limiter.consume(key, rule.limit, rule.windowMs);
  if (!result.allowed) {
    throw tooManyRequests(
      `Too many incorrect ${what}. Please try again in ${waitText(result.retryAfterSeconds)}.`,
      result.retryAfterSeconds,
    );
  }
  return { succeeded: () => limiter.reset(key) };
}
