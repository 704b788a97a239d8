// Redux DevTools records every action and state. Whatever it is shown passes through here first,
// so master passwords, account passwords, decrypted passwords, OTPs and tokens never reach it.
const SECRET_KEYS =
  /^(password|masterPassword|currentPassword|newPassword|confirmPassword|currentMasterPassword|newMasterPassword|decryptedPassword|otp|code|twoFactorCode|token|secret|recoveryCodes|notes|data)$/;

export const REDACTED = '[redacted]';

export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      SECRET_KEYS.test(key) && inner !== null && inner !== undefined && typeof inner !== 'object'
        ? REDACTED
        : redactSecrets(inner, depth + 1);
  }
  return out as T;
}
