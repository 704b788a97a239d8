// Two-factor sign-in codes: TOTP (RFC 6238) over HOTP (RFC 4226), HMAC-SHA1, 30-second steps, 6 digits,
// base32 secrets (RFC 4648), computed by the otpauth library; what is ours is the accepted window and
// comparing every code of it in constant time.
import crypto from 'node:crypto';
import { HOTP, Secret } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted (clock drift, typing time). */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;
const ISSUER = 'PassVault';

export function base32Encode(bytes: Buffer): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

/** Accepts lower case, spaces and '=' padding, as authenticator apps show and take secrets. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  if (!/^[A-Z2-7]*$/.test(clean)) throw new Error('Invalid base32 character');
  return Buffer.from(Secret.fromBase32(clean).bytes);
}

/** A new secret: 20 random bytes (the RFC 4226 recommendation), base32 without padding. */
export function generateSecret(): string {
  return base32Encode(crypto.randomBytes(SECRET_BYTES));
}

/** RFC 4226 (HMAC-SHA1, dynamic truncation), by the otpauth library the vault's entries use too. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({ secret: new Secret({ buffer: Uint8Array.from(key).buffer }), counter, digits });
}

/** The time step of an instant: whole 30-second periods since the Unix epoch. */
export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code an authenticator app shows at `at` for a base32 secret. */
export function totp(secret: string, at: Date): string {
  return hotp(base32Decode(secret), timeStep(at));
}

/**
 * The step whose code equals `code`, searching `window` steps either side of `at`, or null.
 * Every step in the window is compared (in constant time), so timing does not tell which one matched.
 */
export function matchTotp(secret: string, code: string, at: Date, window = TOTP_WINDOW): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const key = base32Decode(secret);
  const given = Buffer.from(code, 'utf8');
  const now = timeStep(at);
  let matched: number | null = null;
  for (let step = now - window; step <= now + window; step += 1) {
    const expected = Buffer.from(hotp(key, step), 'utf8');
    if (crypto.timingSafeEqual(expected, given) && matched === null) matched = step;
  }
  return matched;
}

/** Key URI of Google Authenticator's format, understood by every authenticator app. */
export function otpauthUrl(email: string, secret: string): string {
  const label = `${encodeURIComponent(ISSUER)}:${encodeURIComponent(email)}`;
  const params = `secret=${secret}&issuer=${encodeURIComponent(ISSUER)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
  return `otpauth://totp/${label}?${params}`;
}

/** The key URI as a QR code: a PNG `data:` URL an <img> can show. */
export function qrCodeDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
