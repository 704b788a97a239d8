/** What an error answer may carry besides its message, for the client to act on (never a secret). */
export interface ErrorDetails {
  /** A stable name for the failure the client handles specially, e.g. 'master-password-locked'. */
  reason?: string;
  /** Master-password attempts left in this session. */
  attemptsRemaining?: number;
  /** When the client may try again (also in the Retry-After header). */
  retryAfterSeconds?: number;
}

/** An error whose message is safe to show the client: `{ message, ...details }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetails) =>
  new HttpError(400, message, {}, details);
export const unauthorized = (message: string, details?: ErrorDetails) =>
  new HttpError(401, message, {}, details);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, details: ErrorDetails = {}) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    message,
    { 'retry-after': String(seconds) },
    { ...details, retryAfterSeconds: seconds },
  );
};
