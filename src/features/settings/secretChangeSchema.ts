// Change Password and Change Master Password share one form: current, new (strength checked) and
// confirmation. SPEC section 5 gives the account password's texts; the master password's follow them.
import { object, ref, string } from 'yup';
import { isPasswordValid } from '../../common/passwordPolicy';

export interface SecretChangeTexts {
  labels: { current: string; next: string; confirm: string };
  currentRequired: string;
  nextRequired: string;
  weak: string;
  confirmRequired: string;
  mismatch: string;
  /** The toast when the form is submitted with a weak new value. */
  weakToast: string;
  meterLabel: string;
  submitLabel: string;
}

export interface SecretChangeValues {
  current: string;
  next: string;
  confirm: string;
}

export const PASSWORD_CHANGE_TEXTS: SecretChangeTexts = {
  labels: { current: 'Current password', next: 'New password', confirm: 'Confirm new password' },
  currentRequired: 'Current password is required',
  nextRequired: 'New password is required',
  weak: 'Password does not meet security requirements',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  weakToast: 'Please create a stronger password',
  meterLabel: 'Password strength',
  submitLabel: 'Update Password',
};

export const MASTER_PASSWORD_CHANGE_TEXTS: SecretChangeTexts = {
  labels: {
    current: 'Current master password',
    next: 'New master password',
    confirm: 'Confirm new master password',
  },
  currentRequired: 'Current master password is required',
  nextRequired: 'New master password is required',
  weak: 'Master password does not meet security requirements',
  confirmRequired: 'Please confirm your master password',
  mismatch: 'Master passwords do not match',
  weakToast: 'Please create a stronger master password',
  meterLabel: 'Master password strength',
  submitLabel: 'Update Master Password',
};

export function secretChangeSchema(texts: SecretChangeTexts) {
  return object({
    current: string().required(texts.currentRequired),
    next: string()
      .required(texts.nextRequired)
      .test('strength', texts.weak, (value) => isPasswordValid(value ?? '')),
    confirm: string()
      .required(texts.confirmRequired)
      .oneOf([ref('next')], texts.mismatch),
  });
}

/** SPEC section 5, on submit: a mismatch and a weak new value each get a toast. */
export function submitProblems({ next, confirm }: SecretChangeValues, texts: SecretChangeTexts): string[] {
  const problems: string[] = [];
  if (next && confirm && next !== confirm) problems.push(texts.mismatch);
  if (next && !isPasswordValid(next)) problems.push(texts.weakToast);
  return problems;
}
