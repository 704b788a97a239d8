// What an answer says when the account password (not the master password) was the wrong secret, shared
// by the browser and the server: a form with both fields shows the message beside the right one.

/** The account password was wrong (400), or too many wrong ones were tried (429). */
export const ACCOUNT_PASSWORD_REASONS = {
  incorrect: 'account-password-incorrect',
  limited: 'account-password-limited',
} as const;

export const isAccountPasswordReason = (reason: unknown): boolean =>
  reason === ACCOUNT_PASSWORD_REASONS.incorrect || reason === ACCOUNT_PASSWORD_REASONS.limited;
