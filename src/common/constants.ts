// SPEC section 9: business constants and limits. One copy, shared by the browser app and the server.

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
export const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_MASTER_PASSWORD_ATTEMPTS = 3;
export const REDIRECT_DELAY_MS = 2000;
export const MIN_PASSWORD_LENGTH = 8;
export const MIN_NAME_LENGTH = 2;
export const ALLOWED_SPECIAL_CHARACTERS = '@$!%*?&';
export const GENERATED_PASSWORD_LENGTH = 16;
export const GENERATED_PASSWORD_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const DASHBOARD_RECENT_ENTRIES = 5;
export const DASHBOARD_SECURITY_SCORE = 85;
export const SIDEBAR_SECURITY_SCORE = 80;
export const SIDEBAR_SECURITY_LABEL = 'Excellent';
export const STRENGTH_BANDS = [25, 50, 75] as const;
export const AUTO_LOGOUT_OPTIONS = [5, 15, 30, 60, 120] as const;
export type AutoLogoutMinutes = (typeof AUTO_LOGOUT_OPTIONS)[number];
export const DEFAULT_AUTO_LOGOUT: AutoLogoutMinutes = 30;
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = 4000;
export const MOBILE_BREAKPOINT_PX = 768;
export const IMPORT_RELOAD_DELAY_MS = 2000;
export const IMPORT_ERRORS_SHOWN = 3;
export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type TransferFormat = (typeof EXPORT_FORMATS)[number];
export const ACCEPTED_UPLOAD_TYPES = '.json,.csv';
export const MASKED_PASSWORD = '\u2022'.repeat(8);
/** A one-time code that is not shown: six bullets, grouped like a code. */
export const MASKED_TOTP = '\u2022\u2022\u2022 \u2022\u2022\u2022';
export const CLIPBOARD_CLEAR_MS = 30_000;
export const SEARCH_DEBOUNCE_MS = 250;
export const STORAGE_KEYS = { token: 'token', theme: 'theme' } as const;
export const CATEGORIES = ['social', 'work', 'finance', 'entertainment', 'shopping', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_FILTER_ALL = 'all';
