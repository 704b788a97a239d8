// Random tokens and one-time codes from the CSPRNG; only their hashes are stored.
import crypto from 'node:crypto';
import { OTP_LENGTH } from '../../src/common/constants';

export function newId(): string {
  return crypto.randomUUID();
}

/** 256-bit bearer token, URL-safe. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value, 'utf8').digest('hex');
}

export function newOtp(): string {
  return crypto
    .randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** Codes are hashed with their row id as salt. */
export function hashCode(salt: string, code: string): string {
  return sha256(`${salt}:${code}`);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
