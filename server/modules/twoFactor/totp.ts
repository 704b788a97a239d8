// TOTP (RFC 6238) over HOTP (RFC 4226): HMAC-SHA1, 30-second steps, 6 digits, base32 secrets (RFC 4648).
import crypto from 'node:crypto';
import QRCode from 'qrcode';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted (clock drift, typing time). */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;
const ISSUER = 'PassVault';
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Accepts lower case, spaces and '=' padding, as authenticator apps show and take secrets. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('Invalid base32 character');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 20 random bytes (the RFC 4226 recommendation), base32 without padding. */
export function generateSecret(): string {
  return base32Encode(crypto.randomBytes(SECRET_BYTES));
}

/** RFC 4226: HMAC-SHA1 of the 8-byte big-endian counter, dynamic truncation, `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
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
