// SPEC section 5: password strength rules, used by the browser (meters, forms) and the server (400s).
import { ALLOWED_SPECIAL_CHARACTERS, MIN_PASSWORD_LENGTH, STRENGTH_BANDS } from './constants';

/** The account password and the master password protect different things: one may not be the other. */
export const PASSWORDS_MUST_DIFFER = 'The account password and the master password must be different';

export type StrengthLabel = 'Very Weak' | 'Weak' | 'Good' | 'Strong';
export type StrengthColor = 'error' | 'warning' | 'info' | 'success';

export interface PasswordCheck {
  id: string;
  /** Text used in 'Required: ...' and 'Password must contain: ...'. */
  label: string;
  mandatory: boolean;
  passed: boolean;
}

export interface PasswordStrength {
  score: number;
  label: StrengthLabel;
  color: StrengthColor;
  /** All five mandatory checks pass. */
  valid: boolean;
  checks: PasswordCheck[];
  /** Labels of the mandatory checks that failed, in SPEC order. */
  missing: string[];
}

const COMMON_PASSWORDS = [
  'password',
  '123456',
  '12345678',
  'qwerty',
  'admin',
  'letmein',
  'welcome',
  'monkey',
  'dragon',
  'football',
  'iloveyou',
  'abc123',
  '111111',
  'sunshine',
  'master',
  'passw0rd',
  'trustno1',
];

const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz'];

function escapeForClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, '\\$&');
}
const SPECIAL = new RegExp(`[${escapeForClass(ALLOWED_SPECIAL_CHARACTERS)}]`);

function hasSequence(password: string): boolean {
  const lower = password.toLowerCase();
  for (let i = 0; i + 3 <= lower.length; i += 1) {
    const triple = lower.slice(i, i + 3);
    const reversed = [...triple].reverse().join('');
    if (SEQUENCES.some((seq) => seq.includes(triple) || seq.includes(reversed))) return true;
  }
  return false;
}

function containsCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.some((common) => lower.includes(common));
}

export function strengthLabel(score: number): StrengthLabel {
  if (score < STRENGTH_BANDS[0]) return 'Very Weak';
  if (score < STRENGTH_BANDS[1]) return 'Weak';
  if (score < STRENGTH_BANDS[2]) return 'Good';
  return 'Strong';
}

export function strengthColor(score: number): StrengthColor {
  if (score < STRENGTH_BANDS[0]) return 'error';
  if (score < STRENGTH_BANDS[1]) return 'warning';
  if (score < STRENGTH_BANDS[2]) return 'info';
  return 'success';
}

export function evaluatePassword(password: string): PasswordStrength {
  const checks: PasswordCheck[] = [
    {
      id: 'length',
      label: `${MIN_PASSWORD_LENGTH}+ characters`,
      mandatory: true,
      passed: password.length >= MIN_PASSWORD_LENGTH,
    },
    { id: 'uppercase', label: 'uppercase letter', mandatory: true, passed: /[A-Z]/.test(password) },
    { id: 'lowercase', label: 'lowercase letter', mandatory: true, passed: /[a-z]/.test(password) },
    { id: 'number', label: 'number', mandatory: true, passed: /\d/.test(password) },
    { id: 'special', label: 'special character', mandatory: true, passed: SPECIAL.test(password) },
    {
      id: 'common',
      label: 'no common password',
      mandatory: false,
      passed: password.length > 0 && !containsCommonPassword(password),
    },
    {
      id: 'sequence',
      label: 'no sequential characters',
      mandatory: false,
      passed: password.length > 0 && !hasSequence(password),
    },
    {
      id: 'repeat',
      label: 'no repeated characters',
      mandatory: false,
      passed: password.length > 0 && !/(.)\1\1/.test(password),
    },
  ];
  const passedCount = checks.filter((check) => check.passed).length;
  const score = Math.round((passedCount / checks.length) * 100);
  const missing = checks.filter((check) => check.mandatory && !check.passed).map((check) => check.label);
  return {
    score,
    label: strengthLabel(score),
    color: strengthColor(score),
    valid: missing.length === 0,
    checks,
    missing,
  };
}

export function isPasswordValid(password: string): boolean {
  return evaluatePassword(password).valid;
}

/** 'Required: 8+ characters, uppercase letter, ...' for a field under the input. */
export function requiredMessage(password: string): string {
  return `Required: ${evaluatePassword(password).missing.join(', ')}`;
}

/** 'Password must contain: ...' / 'Master password must contain: ...' for the submit toast and the server's 400. */
export function mustContainMessage(subject: 'Password' | 'Master password', password: string): string {
  return `${subject} must contain: ${evaluatePassword(password).missing.join(', ')}`;
}
