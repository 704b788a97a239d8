import { isNetworkFailure, messageOf } from '../../api/errorText';

export const NETWORK_ERROR = 'Network error. Please try again.';

/** The text of a failed auth call: the server's message, the network text, or the screen's fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return NETWORK_ERROR;
  return messageOf(error, fallback);
}
