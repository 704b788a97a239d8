// Redux DevTools records every action and state. Whatever it is shown passes through here first,
// so master passwords, account passwords, decrypted passwords, OTPs and tokens never reach it.
const SECRET_KEYS =
  /^(password|masterPassword|currentPassword|newPassword|confirmPassword|currentMasterPassword|newMasterPassword|decryptedPassword|otp|code|twoFactorCode|token|secret|otpauthUrl|qrCode|recoveryCodes|notes|data|registrationId)$/;

export const REDACTED = '[redacted]';

const isPrimitive = (value: unknown) => value !== null && value !== undefined && typeof value !== 'object';

/** A secret is a value or a list of values (recovery codes); objects under such keys are searched instead. */
function isSecretValue(value: unknown): boolean {
  return isPrimitive(value) || (Array.isArray(value) && value.length > 0 && value.every(isPrimitive));
}

export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEYS.test(key) && isSecretValue(inner) ? REDACTED : redactSecrets(inner, depth + 1);
  }
  return out as T;
}
