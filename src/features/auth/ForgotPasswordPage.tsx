import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from './authApi';
import { AuthCard } from './AuthCard';
import { BackToLogin } from './BackToLogin';
import { EmailCodeForm } from './EmailCodeForm';
import { cooldownOf, cooldownText, failureText } from './failureText';

/** SPEC section 2: start the password reset; the wizard continues at its step 2 with the e-mail. */
export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  const requestCode = async (email: string) => {
    try {
      await dispatch(authApi.endpoints.forgotPassword.initiate({ email }, { track: false })).unwrap();
      enqueueSnackbar('Password reset OTP sent successfully!', { variant: 'success' });
      void navigate('/forgot-password-otp', { state: { email } });
    } catch (error) {
      // Asked again within the minute: the code sent before is the one to use, and the wizard says when
      // a new one may be asked for.
      const cooldown = cooldownOf(error);
      if (cooldown !== null) {
        enqueueSnackbar(cooldownText(cooldown), { variant: 'info' });
        void navigate('/forgot-password-otp', { state: { email, cooldown } });
        return;
      }
      enqueueSnackbar(failureText(error, 'Failed to send reset OTP'), { variant: 'error' });
    }
  };

  return (
    <AuthCard
      icon={<LockResetOutlined />}
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a 6-digit code to reset it."
      footer={<BackToLogin />}
    >
      <EmailCodeForm submitLabel="Send Reset Code" onSubmit={requestCode} />
    </AuthCard>
  );
}
