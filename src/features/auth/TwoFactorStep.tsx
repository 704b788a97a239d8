import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import { useFormik } from 'formik';
import { MAX_CODE_INPUT_LENGTH } from '../../common/limits';
import { fieldProps } from '../../shared/ui/formikField';
import { TextInput } from '../../shared/ui/TextInput';
import { useAttemptToasts } from '../../shared/ui/useAttemptToasts';
import { AuthCard } from './AuthCard';
import type { LoginCredentials } from './authTypes';
import { twoFactorCodeSchema } from './twoFactorSchema';
import { INVALID_CREDENTIALS, loginFailureText, useLogin } from './useLogin';

export const TWO_FACTOR_PROMPT = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
/** The server's answer to a wrong code (the password was right). */
export const INVALID_TWO_FACTOR_CODE = 'Invalid two-factor code';

export interface TwoFactorStepProps {
  /** What step 1 accepted; held by the login page's state only, never by the store. */
  credentials: LoginCredentials;
  /** Back to step 1, where the password has to be typed again. */
  onBack: () => void;
  /** The session exists: forget the credentials. */
  onSignedIn: () => void;
}

/** Issue 4: the second step of a sign-in with two-factor on; the same login call with `twoFactorCode`. */
export function TwoFactorStep({ credentials, onBack, onSignedIn }: TwoFactorStepProps) {
  const login = useLogin();
  const { attemptFailed, attemptsAnswered } = useAttemptToasts();
  // A refused code, shown under the field until the next one is typed.
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema: twoFactorCodeSchema,
    // Leaving the field (e.g. to press Back) must not raise 'required': that shifted the buttons under
    // the pointer between press and release, and the click was lost. Errors show from the first submit.
    validateOnBlur: false,
    onSubmit: async ({ code }, helpers) => {
      setFailure(null);
      try {
        const outcome = await login({ ...credentials, twoFactorCode: code.trim() });
        // A code works once: it never outlives the attempt.
        helpers.resetForm();
        if (outcome === 'signedIn') {
          attemptsAnswered();
          onSignedIn();
        } else setFailure(INVALID_TWO_FACTOR_CODE);
      } catch (error) {
        helpers.resetForm();
        const text = loginFailureText(error);
        attemptFailed(text);
        // The password itself was refused (changed meanwhile): retrying codes cannot help.
        if (text === INVALID_CREDENTIALS) onBack();
        else setFailure(text);
      }
    },
  });

  const { onBlur: _leave, ...code } = fieldProps(formik, 'code');
  const shownError = code.helperText ?? failure ?? undefined;

  return (
    <AuthCard icon={<PhonelinkLockOutlined />} title="Two-factor authentication" subtitle={TWO_FACTOR_PROMPT}>
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          Signing in as <strong>{credentials.email}</strong>
        </Typography>
        <TextInput
          {...code}
          id="two-factor-code"
          label="Authentication code"
          onChange={(event) => {
            setFailure(null);
            formik.handleChange(event);
          }}
          error={Boolean(shownError)}
          // A line is kept for the message, so it never moves the buttons.
          helperText={shownError ?? ' '}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          // Text, not numeric: recovery codes have letters.
          inputProps={{
            inputMode: 'text',
            maxLength: MAX_CODE_INPUT_LENGTH,
            spellCheck: false,
            autoCapitalize: 'off',
            autoCorrect: 'off',
          }}
          sx={{ '& input': { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
        />
        <Button type="submit" variant="contained" size="large" loading={formik.isSubmitting} fullWidth>
          Verify
        </Button>
        <Button
          startIcon={<ArrowBack />}
          onClick={onBack}
          disabled={formik.isSubmitting}
          sx={{ justifySelf: 'center' }}
        >
          Back
        </Button>
      </Box>
    </AuthCard>
  );
}
