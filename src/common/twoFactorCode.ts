// What a person may type as a second factor: a 6-digit authenticator code or a recovery code (8 letters
// and digits, the dash optional). The sign-in step and turning two-factor off both check it.

export const TWO_FACTOR_CODE_REQUIRED = 'Authentication code is required';
export const TWO_FACTOR_CODE_INVALID = 'Enter the 6-digit code or a recovery code such as ABCD-EFGH';

export function isTwoFactorCodeShape(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(compact) || /^[A-Za-z0-9]{8}$/.test(compact);
}
