import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from './authApi';
import type { PendingRegistration } from './authTypes';
import { AuthCard } from './AuthCard';
import { failureText } from './failureText';
import { otpFieldProps } from '../../shared/ui/formikField';
import { OtpField } from '../../shared/ui/OtpField';
import { useAttemptToasts } from '../../shared/ui/useAttemptToasts';
import { registrationOtpSchema } from './otpSchemas';
import { ResendCode } from './ResendCode';
import { useHandedOverDraft } from './useHandedOverEmail';
import { useRegistrationResend } from './useRegistrationResend';

/** SPEC sections 2, 4 and 8: confirm the registration with the 6-digit code. */
export function VerifyOtpForm({ registration }: { registration: PendingRegistration }) {
  const { email } = registration;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { attemptFailed, attemptsAnswered } = useAttemptToasts();
  const resend = useRegistrationResend(registration);
  // Back to the form filled in as it was (its passwords excepted), not empty, with its invitation.
  const draft = useHandedOverDraft() ?? { firstName: '', lastName: '', email };
  const backState = { draft };
  const registerPath = draft.invite
    ? `/register?${new URLSearchParams({ invite: draft.invite }).toString()}`
    : '/register';

  const formik = useFormik({
    initialValues: { otp: '' },
    validationSchema: registrationOtpSchema,
    validateOnChange: false,
    onSubmit: async ({ otp }, helpers) => {
      try {
        // track: false: the code and the answer's token never enter the store.
        await dispatch(
          authApi.endpoints.verifyRegistrationOtp.initiate({ ...registration, otp }, { track: false }),
        ).unwrap();
        helpers.resetForm();
        attemptsAnswered();
        enqueueSnackbar('Registration completed successfully!', { variant: 'success' });
        void navigate('/dashboard', { replace: true });
      } catch (error) {
        helpers.resetForm();
        attemptFailed(failureText(error, 'OTP verification failed'));
      }
    },
  });

  return (
    <AuthCard
      icon={<MarkEmailReadOutlined />}
      title="Verify your email"
      subtitle={
        <>
          We sent a 6-digit code to <strong>{email}</strong>. Enter it below to finish creating your account.
        </>
      }
      footer={
        <>
          Wrong email address?{' '}
          <Link component={RouterLink} to={registerPath} state={backState} replace sx={{ fontWeight: 600 }}>
            Start over
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        <OtpField {...otpFieldProps(formik, 'otp')} label="Verification code" autoFocus />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={formik.isSubmitting}
          disabled={resend.redirecting}
        >
          Verify Email
        </Button>
        <ResendCode remaining={resend.remaining} busy={resend.busy} onResend={() => void resend.send()} />
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to={registerPath} state={backState} variant="body2">
            Back to registration
          </Link>
        </Box>
      </Box>
    </AuthCard>
  );
}
