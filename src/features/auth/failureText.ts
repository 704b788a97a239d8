import { isApiFailure, isNetworkFailure, messageOf } from '../../shared/api/errorText';

export const NETWORK_ERROR = 'Network error. Please try again.';

/** The text of a failed auth call: the server's message, the network text, or the screen's fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return NETWORK_ERROR;
  return messageOf(error, fallback);
}

/**
 * The seconds a 429 says to wait before another code may be asked for (the server sends them; older
 * messages say "wait N seconds"), or null when the failure is something else.
 */
export function cooldownOf(error: unknown): number | null {
  if (!isApiFailure(error) || error.status !== 429) return null;
  if (typeof error.retryAfterSeconds === 'number') return error.retryAfterSeconds;
  const match = /wait (\d+) seconds?/i.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** What the reset screens say when a code was asked for moments ago (known or unknown e-mail alike). */
export function cooldownText(seconds: number): string {
  return `A code was sent less than a minute ago. You can ask for a new one in ${seconds} seconds.`;
}
