import crypto from 'node:crypto';
import {
  parseTotp,
  TOTP_BAD_ALGORITHM,
  TOTP_BAD_DIGITS,
  TOTP_BAD_PERIOD,
  TOTP_INVALID,
  TOTP_NOT_TIME_BASED,
  totpCodeAt,
  totpProblem,
} from './totp';

// RFC 6238 appendix B: the seeds are the ASCII digits, 20, 32 and 64 bytes long, as base32.
const base32 = (text: string) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const byte of Buffer.from(text)) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out;
};
const SEED_SHA1 = base32('12345678901234567890');
const SEED_SHA256 = base32('12345678901234567890123456789012');
const SEED_SHA512 = base32('1234567890123456789012345678901234567890123456789012345678901234');
const uri = (secret: string, params = '') =>
  `otpauth://totp/ACME:alice@example.com?secret=${secret}${params}`;

describe('TOTP of an entry (RFC 6238)', () => {
  it.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [2000000000, '69279037', '90698825', '38618901'],
  ])('gives the RFC test vectors at %i s for SHA1, SHA256 and SHA512', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totpCodeAt(uri(SEED_SHA1, '&digits=8'), at)?.code).toBe(sha1);
    expect(totpCodeAt(uri(SEED_SHA256, '&digits=8&algorithm=SHA256'), at)?.code).toBe(sha256);
    expect(totpCodeAt(uri(SEED_SHA512, '&digits=8&algorithm=SHA512'), at)?.code).toBe(sha512);
  });

  it('reads a bare base32 secret as authenticators do: SHA1, 6 digits, 30 s; spaces and case ignored', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const at = Date.UTC(2026, 10, 22, 12, 0, 10);
    const step = Buffer.alloc(8);
    step.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
    const mac = crypto.createHmac('sha1', Buffer.from('48656c6c6f21deadbeef', 'hex')).update(step).digest();
    const offset = mac[mac.length - 1] & 0x0f;
    const expected = String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
    expect(totpCodeAt(secret, at)).toEqual({ code: expected, remaining: 20, period: 30 });
    expect(totpCodeAt('jbsw y3dp ehpk 3pxp', at)?.code).toBe(expected);
  });

  it('takes the period from the URI and counts the seconds left in it', () => {
    const at = Date.UTC(2026, 10, 22, 12, 0, 45);
    expect(totpCodeAt(uri('JBSWY3DPEHPK3PXP', '&period=60'), at)).toMatchObject({
      remaining: 15,
      period: 60,
    });
  });

  it('accepts an empty value as "no TOTP" and names what is wrong with a bad one', () => {
    expect(totpProblem('')).toBeNull();
    expect(totpProblem(uri('JBSWY3DPEHPK3PXP'))).toBeNull();
    expect(totpProblem('not a secret!')).toBe(TOTP_INVALID);
    expect(totpProblem('otpauth://hotp/ACME?secret=JBSWY3DPEHPK3PXP&counter=1')).toBe(TOTP_NOT_TIME_BASED);
    expect(totpProblem(uri('JBSWY3DPEHPK3PXP', '&algorithm=MD5'))).toBe(TOTP_BAD_ALGORITHM);
    expect(totpProblem(uri('JBSWY3DPEHPK3PXP', '&digits=4'))).toBe(TOTP_BAD_DIGITS);
    expect(totpProblem(uri('JBSWY3DPEHPK3PXP', '&digits=9'))).toBe(TOTP_BAD_DIGITS);
    expect(totpProblem(uri('JBSWY3DPEHPK3PXP', '&period=0'))).toBe(TOTP_BAD_PERIOD);
    expect(totpProblem(uri('JBSWY3DPEHPK3PXP', '&period=3600'))).toBe(TOTP_BAD_PERIOD);
    expect(totpProblem('otpauth://totp/ACME?issuer=ACME')).toBe(TOTP_INVALID);
    expect(totpProblem('otpauth://totp/ACME?secret=not*base32')).toBe(TOTP_INVALID);
    expect(totpCodeAt('not a secret!', 0)).toBeNull();
    expect(typeof parseTotp(uri('JBSWY3DPEHPK3PXP'))).toBe('object');
  });
});
