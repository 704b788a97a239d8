// What an authenticator app computes, written from the RFCs with node:crypto only, so the journeys
// prove the product against the standard rather than against its own code: RFC 4648 base32 for the
// setup key, RFC 4226 HOTP (HMAC-SHA1, dynamic truncation) and RFC 6238 TOTP (30-second steps, 6 digits).
import crypto from 'node:crypto';

export const STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, as apps take it: any case, spaces and '=' padding ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not a base32 character: ${JSON.stringify(char)}`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP of an 8-byte big-endian counter. */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** The RFC 6238 time step of an instant (milliseconds since the epoch). */
export function timeStep(atMs: number = Date.now()): number {
  return Math.floor(atMs / 1000 / STEP_SECONDS);
}

/** The code an authenticator app shows for `secret` in time step `step`. */
export function totpAtStep(secret: string, step: number): string {
  return hotp(base32Decode(secret), step);
}

/** The code an authenticator app shows now (or at `atMs`). */
export function totp(secret: string, atMs: number = Date.now()): string {
  return totpAtStep(secret, timeStep(atMs));
}

/** A 6-digit code that is valid in none of the steps around now: a certainly wrong guess. */
export function wrongCode(secret: string): string {
  const now = timeStep();
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => totpAtStep(secret, now + offset)));
  for (let n = 0; ; n += 1) {
    const guess = String((n * 111_111) % 1_000_000).padStart(DIGITS, '0');
    if (!near.has(guess)) return guess;
  }
}
