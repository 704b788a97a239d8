// Redux DevTools records every action and state. Whatever it is shown passes through here first,
// so master passwords, account passwords, decrypted passwords, OTPs, TOTP secrets and codes, hidden
// custom-field values, tokens and the unlock window's key never reach it.
import { UNLOCK_HEADER } from '../common/unlockWindow';

const SECRET_KEYS =
  /^(password|masterPassword|currentPassword|newPassword|confirmPassword|currentMasterPassword|newMasterPassword|decryptedPassword|otp|code|twoFactorCode|token|secret|otpauthUrl|qrCode|recoveryCodes|notes|data|registrationId|totp|totpCode|unlockKey)$/;

export const REDACTED = '[redacted]';

/**
 * Request headers that carry a secret: the bearer token and the unlock window's key. RTK Query puts
 * each request in its fulfilled and rejected actions (`meta.baseQueryMeta.request`).
 */
const SECRET_HEADERS = new Set(['authorization', UNLOCK_HEADER.toLowerCase()]);

function redactHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    [...headers.entries()].map(([name, value]) => [name, SECRET_HEADERS.has(name) ? REDACTED : value]),
  );
}

const isPrimitive = (value: unknown) => value !== null && value !== undefined && typeof value !== 'object';

/** A secret is a value or a list of values (recovery codes); objects under such keys are searched instead. */
function isSecretValue(value: unknown): boolean {
  return isPrimitive(value) || (Array.isArray(value) && value.length > 0 && value.every(isPrimitive));
}

/** A vault entry's custom field marked hidden (`{ name, value, hidden: true }`): its value is a secret. */
const isHiddenField = (object: Record<string, unknown>) => object.hidden === true && 'value' in object;

export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (typeof Headers !== 'undefined' && value instanceof Headers) return redactHeaders(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T;
  const object = value as Record<string, unknown>;
  const hiddenField = isHiddenField(object);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(object)) {
    const secret = SECRET_KEYS.test(key) || (hiddenField && key === 'value');
    out[key] = secret && isSecretValue(inner) ? REDACTED : redactSecrets(inner, depth + 1);
  }
  return out as T;
}
