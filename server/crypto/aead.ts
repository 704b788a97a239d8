// AES-256-GCM with a fresh 96-bit nonce per message. Text form: "v1.<base64(nonce | ciphertext | tag)>".
import crypto from 'node:crypto';

const VERSION = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Nonces are cut from a block of CSPRNG output: one call per 512 nonces, not one each (an import seals 100,000s). */
const NONCES_PER_BLOCK = 512;
let nonceBlock = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh random nonce, never handed out twice: each block is new memory, read once, front to back. */
function nextNonce(): Buffer {
  if (nonceOffset + NONCE_BYTES > nonceBlock.length) {
    nonceBlock = crypto.randomFillSync(Buffer.allocUnsafeSlow(NONCE_BYTES * NONCES_PER_BLOCK));
    nonceOffset = 0;
  }
  const nonce = nonceBlock.subarray(nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export function seal(key: Buffer, plaintext: Buffer, aad: string): string {
  const nonce = nextNonce();
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return VERSION + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

/** The plaintext, or null when the key, the AAD or the ciphertext is wrong. */
export function open(key: Buffer, sealed: string, aad: string): Buffer | null {
  if (!sealed.startsWith(VERSION)) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
  if (raw.length < NONCE_BYTES + TAG_BYTES) return null;
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}
