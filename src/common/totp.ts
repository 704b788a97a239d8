// One-time codes of an entry's TOTP (RFC 6238), computed by the otpauth library in the browser and on the
// server alike. An entry stores what the user gave: an otpauth://totp/ URI or a bare base32 secret.
import { Secret, TOTP, URI } from 'otpauth';

export const TOTP_ALGORITHMS = ['SHA1', 'SHA256', 'SHA512'] as const;
export type TotpAlgorithm = (typeof TOTP_ALGORITHMS)[number];
export const TOTP_MIN_DIGITS = 6;
export const TOTP_MAX_DIGITS = 8;
/** Longest period accepted, in seconds (authenticators use 30 or 60). */
export const TOTP_MAX_PERIOD = 300;
/** A bare secret's defaults, as every authenticator app assumes them. */
const DEFAULTS = { algorithm: 'SHA1' as TotpAlgorithm, digits: 6, period: 30 };

export const TOTP_INVALID = 'TOTP must be an otpauth://totp/ link or a base32 secret';
export const TOTP_NOT_TIME_BASED = 'Only time-based codes (otpauth://totp/) are supported';
export const TOTP_BAD_ALGORITHM = 'TOTP algorithm must be SHA1, SHA256 or SHA512';
export const TOTP_BAD_DIGITS = `TOTP codes must have ${TOTP_MIN_DIGITS} to ${TOTP_MAX_DIGITS} digits`;
export const TOTP_BAD_PERIOD = `TOTP period must be 1 to ${TOTP_MAX_PERIOD} seconds`;

export interface TotpCode {
  code: string;
  /** Seconds left before the code changes. */
  remaining: number;
  period: number;
}

const BASE32 = /^[A-Z2-7]+=*$/;

function fromSecret(text: string): TOTP | string {
  const clean = text.toUpperCase().replace(/[\s-]/g, '');
  if (!BASE32.test(clean)) return TOTP_INVALID;
  const secret = Secret.fromBase32(clean.replace(/=+$/, ''));
  if (secret.bytes.length === 0) return TOTP_INVALID;
  return new TOTP({ secret, ...DEFAULTS });
}

/** A whole number from `min` to `max` in a URI parameter (absent: `fallback`), else null. */
function numberParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number) {
  const text = params.get(name);
  if (text === null) return fallback;
  const value = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  return value >= min && value <= max ? value : null;
}

function fromUri(text: string): TOTP | string {
  if (/^otpauth:\/\/hotp\//i.test(text)) return TOTP_NOT_TIME_BASED;
  let params: URLSearchParams;
  try {
    const url = new URL(text);
    if (url.host.toLowerCase() !== 'totp') return TOTP_INVALID;
    params = url.searchParams;
  } catch {
    return TOTP_INVALID;
  }
  // The parameters are checked here, each with its own message, before the library reads them.
  const algorithm = (params.get('algorithm') ?? DEFAULTS.algorithm).toUpperCase();
  if (!(TOTP_ALGORITHMS as readonly string[]).includes(algorithm)) return TOTP_BAD_ALGORITHM;
  if (numberParam(params, 'digits', DEFAULTS.digits, TOTP_MIN_DIGITS, TOTP_MAX_DIGITS) === null) {
    return TOTP_BAD_DIGITS;
  }
  if (numberParam(params, 'period', DEFAULTS.period, 1, TOTP_MAX_PERIOD) === null) return TOTP_BAD_PERIOD;
  const secret = (params.get('secret') ?? '').toUpperCase().replace(/[\s-]/g, '');
  if (!BASE32.test(secret)) return TOTP_INVALID;
  try {
    const parsed = URI.parse(text);
    return parsed instanceof TOTP && parsed.secret.bytes.length > 0 ? parsed : TOTP_INVALID;
  } catch {
    return TOTP_INVALID;
  }
}

/** The generator a stored TOTP value describes, or the message that says why it is not one. */
export function parseTotp(value: string): TOTP | string {
  const text = value.trim();
  if (!text) return TOTP_INVALID;
  return /^otpauth:/i.test(text) ? fromUri(text) : fromSecret(text);
}

/** Why `value` is not a TOTP value, or null when it is one (an empty value means "no TOTP"). */
export function totpProblem(value: string): string | null {
  if (!value.trim()) return null;
  const parsed = parseTotp(value);
  return typeof parsed === 'string' ? parsed : null;
}

/** The code of `value` at `nowMs` and how long it lasts; null when the entry has no valid TOTP. */
export function totpCodeAt(value: string, nowMs: number): TotpCode | null {
  if (!value.trim()) return null;
  const totp = parseTotp(value);
  if (typeof totp === 'string') return null;
  const elapsed = Math.floor(nowMs / 1000) % totp.period;
  return { code: totp.generate({ timestamp: nowMs }), remaining: totp.period - elapsed, period: totp.period };
}
