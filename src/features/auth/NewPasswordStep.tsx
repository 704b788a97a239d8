import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { isPasswordValid, PASSWORDS_MUST_DIFFER } from '../../common/passwordPolicy';
import { useAppDispatch } from '../../app/hooks';
import { fieldProps } from '../../shared/ui/formikField';
import { PasswordField } from '../../shared/ui/PasswordField';
import { StrengthMeter } from '../../shared/ui/StrengthMeter';
import { authApi } from './authApi';
import { failureText } from './failureText';
import { newPasswordSchema, WEAK_PASSWORD_TOAST } from './resetSchemas';
import { useDelayedNavigate } from './useDelayedNavigate';

const CODE_USED_UP = 'For your security that code cannot be used again: ask for a new one.';

interface NewPasswordStepProps {
  email: string;
  otp: string;
  /** The server no longer accepts the code (expired or used up): back to step 2. */
  onCodeRejected: () => void;
}

/** Step 3 of the reset: the new password and its confirmation; success goes to /login after 2 s. */
export function NewPasswordStep({ email, otp, onCodeRejected }: NewPasswordStepProps) {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const { navigateLater, pending: redirecting } = useDelayedNavigate();

  const formik = useFormik({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: newPasswordSchema,
    onSubmit: async ({ password }, helpers) => {
      try {
        await dispatch(
          authApi.endpoints.resetPassword.initiate({ email, otp, password }, { track: false }),
        ).unwrap();
        helpers.resetForm();
        enqueueSnackbar('Password reset successful!', { variant: 'success' });
        navigateLater('/login');
      } catch (error) {
        const text = failureText(error, 'Failed to reset password');
        enqueueSnackbar(text, { variant: 'error' });
        if (text === PASSWORDS_MUST_DIFFER) {
          // The server uses the code up on this refusal, so it cannot test guesses of the master password.
          enqueueSnackbar(CODE_USED_UP, { variant: 'info' });
          onCodeRejected();
        } else if (/OTP/i.test(text)) onCodeRejected();
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { password } = formik.values;
    if (password && !isPasswordValid(password)) enqueueSnackbar(WEAK_PASSWORD_TOAST, { variant: 'error' });
    formik.handleSubmit(event);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <PasswordField
          {...fieldProps(formik, 'password')}
          label="New password"
          autoComplete="new-password"
          fullWidth
          autoFocus
        />
        <StrengthMeter password={formik.values.password} showMissing />
      </Box>
      <PasswordField
        {...fieldProps(formik, 'confirmPassword')}
        label="Confirm new password"
        autoComplete="new-password"
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={formik.isSubmitting}
        disabled={redirecting}
      >
        Reset Password
      </Button>
    </Box>
  );
}
