// Every brute-force and abuse limit of the server, in one place, and the one way to apply them. A limit
// is "at most `limit` hits of a key per `windowMs`"; keys name who is limited (an account, an address,
// a registration), so that a stranger exhausting a limit slows only the stranger where that is possible.
import type { AppContext } from '../context';
import { tooManyRequests, type ErrorDetails } from '../http/errors';
import { InMemoryRateLimiter, type RateLimiter } from './rateLimiter';

export interface LimitRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LIMITS = {
  /** Requests per client address to one public auth route. */
  requestsPerAddress: { limit: 30, windowMs: MINUTE },
  /**
   * Failed sign-ins per account AND address: a stranger guessing from elsewhere is slowed down while
   * the owner's own address still signs in. A success clears the count of that address.
   */
  loginFailures: { limit: 10, windowMs: 15 * MINUTE },
  /** Checks of e-mailed codes per subject (registration, reset, master-password unlock). */
  codeChecks: { limit: 10, windowMs: 15 * MINUTE },
  /** ... and per day, after which the account is sent an alert. */
  codeChecksDaily: { limit: 30, windowMs: DAY },
  /** Code mails per address and purpose, on top of the 60-second cooldown. */
  codeMails: { limit: 10, windowMs: HOUR },
  codeMailsDaily: { limit: 20, windowMs: DAY },
  /** Wrong account passwords of a signed-in user (settings, two-factor, deletion). */
  accountPasswordChecks: { limit: 5, windowMs: 5 * MINUTE },
  /** Wrong two-factor codes (TOTP or recovery) per account... */
  twoFactorCodes: { limit: 5, windowMs: 5 * MINUTE },
  /** ... and per day, after which the account is sent an alert. */
  twoFactorCodesDaily: { limit: 30, windowMs: DAY },
  /** Account password changes per account (each is also a check against the master password). */
  passwordChanges: { limit: 5, windowMs: HOUR },
  /** Failed checks of any secret by a signed-in client address, across accounts. */
  secretChecksPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  /** Wrong master passwords per account in a day, from any session or address: then unlocking pauses. */
  masterPasswordDaily: { limit: 10, windowMs: DAY },
} as const satisfies Record<string, LimitRule>;

// When the app has no shared limiter (one process), one in-memory limiter per context on its clock.
const fallbacks = new WeakMap<AppContext, RateLimiter>();

/** The counters of the app: shared between processes when configured, else in memory. */
export function limiterOf(ctx: AppContext): RateLimiter {
  if (ctx.rateLimiter) return ctx.rateLimiter;
  let limiter = fallbacks.get(ctx);
  if (!limiter) {
    limiter = new InMemoryRateLimiter(() => ctx.now().getTime());
    fallbacks.set(ctx, limiter);
  }
  return limiter;
}

/** "45 seconds", "14 minutes", "3 hours": when the client may try again. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

export interface Refusal {
  /** The start of the 429 message; " Please try again in …" follows. */
  message?: string;
  details?: ErrorDetails;
}

/**
 * Counts one hit of `key` under every rule given (all counted, so a short window and a daily one hold
 * together); throws 429 with Retry-After when any refuses. `onRefused` runs with the rule that refused
 * (e.g. to send an alert when a daily cap is first reached).
 */
export async function enforce(
  ctx: AppContext,
  key: string,
  rules: LimitRule | LimitRule[],
  refusal: Refusal = {},
  onRefused?: (rule: LimitRule) => Promise<void> | void,
): Promise<void> {
  const limiter = limiterOf(ctx);
  for (const rule of [rules].flat()) {
    const result = await limiter.consume(`${key}:${rule.windowMs}`, rule.limit, rule.windowMs);
    if (result.allowed) continue;
    await onRefused?.(rule);
    const lead = refusal.message ?? 'Too many attempts.';
    throw tooManyRequests(
      `${lead} Please try again in ${waitText(result.retryAfterSeconds)}.`,
      result.retryAfterSeconds,
      refusal.details,
    );
  }
}

/** Forgets the hits of `key` under `rules` (a success ends a run of failures). */
export async function forget(ctx: AppContext, key: string, rules: LimitRule | LimitRule[]): Promise<void> {
  const limiter = limiterOf(ctx);
  for (const rule of [rules].flat()) await limiter.reset(`${key}:${rule.windowMs}`);
}

/** True the first time it is asked for `key` in a day: one alert mail a day, not one per refusal. */
export async function firstTimeToday(ctx: AppContext, key: string): Promise<boolean> {
  return (await limiterOf(ctx).consume(`once-a-day:${key}`, 1, DAY)).allowed;
}

export interface Attempt {
  /** Call after a right guess: the count of wrong ones starts again. */
  succeeded(): Promise<void>;
}

/**
 * Books one attempt at a secret before it is checked (so parallel guesses cannot pass the limit); throws
 * 429 once the rules are exhausted. Only wrong guesses stay counted: call `succeeded` after a right one.
 */
export async function beginAttempt(
  ctx: AppContext,
  key: string,
  rules: LimitRule | LimitRule[],
  refusal: Refusal = {},
  onRefused?: (rule: LimitRule) => Promise<void> | void,
): Promise<Attempt> {
  await enforce(ctx, key, rules, refusal, onRefused);
  return { succeeded: () => forget(ctx, key, rules) };
}
