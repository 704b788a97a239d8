import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { RESEND_COOLDOWN_SECONDS } from '../../common/constants';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from './authApi';
import { cooldownOf, cooldownText, failureText } from './failureText';
import { otpFieldProps } from '../../shared/ui/formikField';
import { OtpField } from '../../shared/ui/OtpField';
import { resetOtpSchema } from './otpSchemas';
import { ResendCode } from './ResendCode';
import { useCountdown } from '../../shared/ui/useCountdown';
import { useAttemptToasts } from '../../shared/ui/useAttemptToasts';

interface ResetOtpStepProps {
  email: string;
  /** Seconds before a new code may be asked for (the server said so); else the full minute. */
  initialCooldown?: number;
  onVerified: (otp: string) => void;
  onChangeEmail: () => void;
}

/** Step 2 of the reset: check the e-mailed code; resend after the 60-second countdown. */
export function ResetOtpStep({ email, initialCooldown, onVerified, onChangeEmail }: ResetOtpStepProps) {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const { attemptFailed, attemptsAnswered } = useAttemptToasts();
  const { remaining, restart } = useCountdown(initialCooldown ?? RESEND_COOLDOWN_SECONDS);
  const [resending, setResending] = useState(false);

  const formik = useFormik({
    initialValues: { otp: '' },
    validationSchema: resetOtpSchema,
    validateOnChange: false,
    onSubmit: async ({ otp }, helpers) => {
      try {
        await dispatch(authApi.endpoints.verifyResetOtp.initiate({ email, otp }, { track: false })).unwrap();
        attemptsAnswered();
        enqueueSnackbar('OTP verified successfully!', { variant: 'success' });
        onVerified(otp);
      } catch (error) {
        helpers.resetForm();
        attemptFailed(failureText(error, 'Invalid or expired OTP'));
      }
    },
  });

  const resend = async () => {
    setResending(true);
    try {
      await dispatch(authApi.endpoints.forgotPassword.initiate({ email }, { track: false })).unwrap();
      enqueueSnackbar('New OTP sent to your email!', { variant: 'success' });
      restart();
    } catch (error) {
      const wait = cooldownOf(error);
      if (wait !== null) {
        enqueueSnackbar(cooldownText(wait), { variant: 'info' });
        restart(wait);
      } else {
        enqueueSnackbar(failureText(error, 'Failed to resend OTP'), { variant: 'error' });
      }
    } finally {
      setResending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <OtpField {...otpFieldProps(formik, 'otp')} label="Reset code" autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth loading={formik.isSubmitting}>
        Verify Code
      </Button>
      <ResendCode remaining={remaining} busy={resending} onResend={() => void resend()} />
      <Button variant="text" size="small" onClick={onChangeEmail} sx={{ justifySelf: 'center' }}>
        Use a different email
      </Button>
    </Box>
  );
}
