// Yup pieces shared by the auth forms, with SPEC section 5's texts.
import { string } from 'yup';
import { MIN_NAME_LENGTH, OTP_LENGTH } from '../../common/constants';
import { isValidEmail } from '../../common/email';
import { MAX_NAME_LENGTH } from '../../common/limits';
import { nameTexts, type NameLabel } from '../../common/names';
import { isPasswordValid, PASSWORDS_MUST_DIFFER, requiredMessage } from '../../common/passwordPolicy';

/** SPEC section 5: "a simple x@y pattern", enough to sign in with an address registered before. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** The sign-in's e-mail: SPEC section 5's simple pattern (no mail is sent to it). */
export const emailField = () =>
  string().trim().required('Email is required').matches(EMAIL_PATTERN, 'Invalid email address');

/**
 * An address a mail is sent to (registration, reset): exactly one plain `local@domain`, checked the
 * way the server checks it, so a display name, a list or a space is refused before anything is sent.
 */
export const mailableEmailField = () =>
  emailField().test('one-plain-address', 'Invalid email address', (value) =>
    isValidEmail((value ?? '').toLowerCase()),
  );

export const nameField = (label: NameLabel) => {
  const texts = nameTexts(label);
  return string()
    .trim()
    .required(texts.required)
    .min(MIN_NAME_LENGTH, texts.tooShort)
    .max(MAX_NAME_LENGTH, texts.tooLong);
};

/** The master password at registration: as policyPasswordField, and never the account password. */
export const masterPasswordField = () =>
  policyPasswordField().test(
    'differs-from-password',
    PASSWORDS_MUST_DIFFER,
    (value, context) => !value || value !== (context.parent as { password?: string }).password,
  );

/** Account and master password at registration: 'Required: 8+ characters, uppercase letter, ...'. */
export const policyPasswordField = () =>
  string()
    .default('')
    .test(
      'password-policy',
      ({ value }: { value?: string }) => requiredMessage(value ?? ''),
      (value) => isPasswordValid(value ?? ''),
    );
