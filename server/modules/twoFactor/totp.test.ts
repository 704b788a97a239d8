import {
  base32Decode,
  base32Encode,
  generateSecret,
  hotp,
  matchTotp,
  otpauthUrl,
  qrCodeDataUrl,
  totp,
} from './totp';
import { generateRecoveryCodes, normaliseRecoveryCode } from './recoveryCodes';

// The shared secret of RFC 4226 appendix D and RFC 6238 appendix B (SHA-1).
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);

describe('base32 (RFC 4648)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %s and back', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  });

  it('decodes lower case, spaces and padding as apps show them', () => {
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('MZXW1')).toThrow('Invalid base32 character');
  });

  it('makes secrets of 20 random bytes', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateSecret()).not.toBe(secret);
  });
});

describe('HOTP (RFC 4226 appendix D)', () => {
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i gives %s', (counter, code) => {
    expect(hotp(RFC_KEY, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1, last 6 digits)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s gives %s', (seconds, code) => {
    expect(totp(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  it('accepts a code one step either side and nothing further', () => {
    const at = new Date(1111111109 * 1000);
    const step = Math.floor(1111111109 / 30);
    const codeAt = (offset: number) => totp(RFC_SECRET, new Date(at.getTime() + offset * 30_000));
    expect(matchTotp(RFC_SECRET, codeAt(0), at)).toBe(step);
    expect(matchTotp(RFC_SECRET, codeAt(-1), at)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, codeAt(1), at)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, codeAt(2), at)).toBeNull();
    expect(matchTotp(RFC_SECRET, codeAt(-3), at)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    const at = new Date(59_000);
    expect(matchTotp(RFC_SECRET, '28708', at)).toBeNull();
    expect(matchTotp(RFC_SECRET, '2870820', at)).toBeNull();
    expect(matchTotp(RFC_SECRET, '28708a', at)).toBeNull();
  });
});

describe('key URI and QR code', () => {
  it('follows the otpauth format with issuer, algorithm, digits and period', () => {
    expect(otpauthUrl('ann@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/PassVault:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=PassVault&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('draws the URI as a PNG data URL', async () => {
    const url = await qrCodeDataUrl(otpauthUrl('ann@example.com', 'JBSWY3DPEHPK3PXP'));
    expect(url).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});

describe('recovery codes', () => {
  it('makes ten distinct XXXX-XXXX codes without ambiguous characters', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  });

  it('reads what people type: any case, with or without the dash', () => {
    expect(normaliseRecoveryCode('k7qh-3mwx')).toBe('K7QH-3MWX');
    expect(normaliseRecoveryCode('K7QH3MWX')).toBe('K7QH-3MWX');
    expect(normaliseRecoveryCode(' k7qh 3mwx ')).toBe('K7QH-3MWX');
    expect(normaliseRecoveryCode('K7QH-3MW')).toBeNull();
    expect(normaliseRecoveryCode('O0I1-3MWX')).toBeNull();
  });
});
