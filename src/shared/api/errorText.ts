// SPEC section 8, general rule: response data.message, else the transport message, else 'An error occurred'.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const FALLBACK_ERROR = 'An error occurred';
/** A request that never got an HTTP answer (offline, server down), in words a person can act on. */
export const UNREACHABLE = "Can't reach PassVault. Check your connection and try again.";

export interface ApiFailure {
  /** HTTP status, or a transport failure kind such as 'FETCH_ERROR'. */
  status: number | string;
  message: string;
  /** What the server says the client may act on (never a secret). */
  reason?: string;
  /** Master-password attempts the session has left. */
  attemptsRemaining?: number;
  /** When the request may be made again. */
  retryAfterSeconds?: number;
}

/** The parts of an error answer beyond its message. */
export function failureDetails(
  error: FetchBaseQueryError,
): Pick<ApiFailure, 'reason' | 'attemptsRemaining' | 'retryAfterSeconds'> {
  if (typeof error.status !== 'number' || !error.data || typeof error.data !== 'object') return {};
  const data = error.data as Record<string, unknown>;
  const details: Pick<ApiFailure, 'reason' | 'attemptsRemaining' | 'retryAfterSeconds'> = {};
  if (typeof data.reason === 'string') details.reason = data.reason;
  if (typeof data.attemptsRemaining === 'number') details.attemptsRemaining = data.attemptsRemaining;
  if (typeof data.retryAfterSeconds === 'number') details.retryAfterSeconds = data.retryAfterSeconds;
  return details;
}

/** What a proxy in front answers when PassVault behind it is down: an HTML page, not PassVault's JSON. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * The text a person reads. The transport's own words ("TypeError: Failed to fetch", "SyntaxError:
 * Unexpected token '<'") are never shown: no answer, or a proxy's page instead of PassVault's, reads
 * UNREACHABLE; any other answer without a message reads FALLBACK_ERROR.
 */
export function errorText(error: FetchBaseQueryError): string {
  if (typeof error.status === 'number') {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
    return GATEWAY_FAILURES.has(error.status) ? UNREACHABLE : FALLBACK_ERROR;
  }
  switch (error.status) {
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return UNREACHABLE;
    case 'PARSING_ERROR':
      return GATEWAY_FAILURES.has(error.originalStatus) ? UNREACHABLE : FALLBACK_ERROR;
    case 'CUSTOM_ERROR':
      // The app's own words (e.g. 'Invalid response format').
      return error.error || FALLBACK_ERROR;
  }
}

/** SPEC section 8: a 401 about the token signs out; a 401 about the master password only shows its message. */
export function isSessionEnded(status: number | string, message: string): boolean {
  if (status !== 401) return false;
  if (/master password/i.test(message)) return false;
  return /Token|token|Access denied|not valid/.test(message);
}

/**
 * The message of any error an RTK Query trigger threw through `.unwrap()`. When the answer carried no
 * message of its own (the base query's generic 'An error occurred'), the screen's fallback is shown,
 * e.g. 'Registration failed' (SPEC section 8: the server message, else the screen's text).
 */
export function messageOf(error: unknown, fallback: string = FALLBACK_ERROR): string {
  if (
    error &&
    typeof error === 'object' &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message &&
    error.message !== FALLBACK_ERROR
  ) {
    return error.message;
  }
  return fallback;
}

/** True for the `{ status, message }` failures the base query produces (an HTTP or transport failure). */
export function isApiFailure(error: unknown): error is ApiFailure {
  return (
    !!error &&
    typeof error === 'object' &&
    'status' in error &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** The request never got an HTTP answer (offline, server down, timeout). */
export function isNetworkFailure(error: unknown): boolean {
  return isApiFailure(error) && typeof error.status !== 'number' && error.status !== 'CUSTOM_ERROR';
}
