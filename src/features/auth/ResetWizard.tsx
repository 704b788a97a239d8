import { useState } from 'react';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { useSnackbar } from 'notistack';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from './authApi';
import { AuthCard } from './AuthCard';
import { BackToLogin } from './BackToLogin';
import { EmailCodeForm } from './EmailCodeForm';
import { cooldownOf, cooldownText, failureText } from './failureText';
import { NewPasswordStep } from './NewPasswordStep';
import { ResetOtpStep } from './ResetOtpStep';

const STEPS = ['Email', 'Verify code', 'New password'] as const;
const TITLES = ['Reset your password', 'Enter your code', 'Choose a new password'] as const;
type StepIndex = 0 | 1 | 2;

/** SPEC sections 2 and 4: the three-step reset, starting at step 2 with the handed-over e-mail. */
export interface ResetWizardProps {
  initialEmail: string;
  /** Seconds before a new code may be asked for, when the last request came too soon after another. */
  initialCooldown?: number;
}

export function ResetWizard({ initialEmail, initialCooldown }: ResetWizardProps) {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const [step, setStep] = useState<StepIndex>(1);
  const [email, setEmail] = useState(initialEmail);
  // The verified code is needed once more by the reset call; it lives only in this component.
  const [otp, setOtp] = useState('');
  const [cooldown, setCooldown] = useState(initialCooldown);

  const sendCode = async (address: string) => {
    try {
      await dispatch(
        authApi.endpoints.forgotPassword.initiate({ email: address }, { track: false }),
      ).unwrap();
      enqueueSnackbar('OTP sent to your email!', { variant: 'success' });
      setEmail(address);
      setCooldown(undefined);
      setStep(1);
    } catch (error) {
      const wait = cooldownOf(error);
      if (wait === null) {
        enqueueSnackbar(failureText(error, 'Failed to send OTP'), { variant: 'error' });
        return;
      }
      enqueueSnackbar(cooldownText(wait), { variant: 'info' });
      setEmail(address);
      setCooldown(wait);
      setStep(1);
    }
  };

  const subtitle =
    step === 0 ? (
      'We will send a 6-digit code to this address.'
    ) : step === 1 ? (
      <>
        Enter the 6-digit code we sent to <strong>{email}</strong>.
      </>
    ) : (
      'Pick a strong password you have not used before.'
    );

  return (
    <AuthCard icon={<LockResetOutlined />} title={TITLES[step]} subtitle={subtitle} footer={<BackToLogin />}>
      <Stepper
        activeStep={step}
        alternativeLabel
        aria-label="Password reset progress"
        sx={{
          mb: 3,
          // Steps still ahead: a darker circle than the default, so their number stays readable.
          '& .MuiStepIcon-root:not(.Mui-active):not(.Mui-completed)': { color: 'text.secondary' },
        }}
      >
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && <EmailCodeForm initialEmail={email} submitLabel="Send Code" onSubmit={sendCode} />}
      {step === 1 && (
        <ResetOtpStep
          key={`${email}:${cooldown ?? ''}`}
          email={email}
          initialCooldown={cooldown}
          onVerified={(code) => {
            setOtp(code);
            setStep(2);
          }}
          onChangeEmail={() => setStep(0)}
        />
      )}
      {step === 2 && (
        <NewPasswordStep
          email={email}
          otp={otp}
          onCodeRejected={() => {
            setOtp('');
            setStep(1);
          }}
        />
      )}
    </AuthCard>
  );
}
