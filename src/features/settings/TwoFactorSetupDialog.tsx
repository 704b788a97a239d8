import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { messageOf } from '../../shared/api/errorText';
import { FormDialog } from '../../shared/ui/FormDialog';
import { useAttemptToasts } from '../../shared/ui/useAttemptToasts';
import { useAppDispatch } from '../../app/hooks';
import { AccountPasswordForm } from './AccountPasswordForm';
import { RecoveryCodes } from './RecoveryCodes';
import { settingsApi, type TwoFactorSetup } from './settingsApi';
import { TwoFactorScanStep } from './TwoFactorScanStep';

/** The secret and the codes live here only, and go when the dialog has closed. */
type Step =
  { name: 'password' } | { name: 'scan'; setup: TwoFactorSetup } | { name: 'codes'; codes: string[] };

const TITLES: Record<Step['name'], string> = {
  password: 'Enable two-factor authentication',
  scan: 'Set up your authenticator app',
  codes: 'Save your recovery codes',
};

export interface TwoFactorSetupDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Issue 4: account password, then QR code and setup key with a code to confirm, then recovery codes. */
export function TwoFactorSetupDialog({ open, onClose }: TwoFactorSetupDialogProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  // A refused password's or code's toast closes when the step it was for goes through.
  const { attemptFailed, attemptsAnswered } = useAttemptToasts();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const { endpoints } = settingsApi;

  const start = async (password: string) => {
    try {
      const setup = await dispatch(
        endpoints.enableTwoFactor.initiate({ password }, { track: false }),
      ).unwrap();
      attemptsAnswered();
      setStep({ name: 'scan', setup });
    } catch (error) {
      attemptFailed(messageOf(error, 'Failed to enable 2FA'));
    }
  };

  const verify = async (otp: string) => {
    try {
      // Invalidates 'User': the Security tab shows 2FA as enabled once the user is refetched.
      const { message, recoveryCodes } = await dispatch(
        endpoints.verifyTwoFactorSetup.initiate({ otp }, { track: false }),
      ).unwrap();
      attemptsAnswered();
      enqueueSnackbar(message || 'Two-factor authentication enabled', { variant: 'success' });
      setStep({ name: 'codes', codes: recoveryCodes });
    } catch (error) {
      attemptFailed(messageOf(error, 'Failed to verify the code'));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId={`${id}-title`}
      // The codes are shown once: only the explicit button closes that step.
      locked={step.name === 'codes'}
      onExited={() => setStep({ name: 'password' })}
    >
      <DialogTitle id={`${id}-title`}>{TITLES[step.name]}</DialogTitle>
      {step.name === 'password' && (
        <AccountPasswordForm
          intro="Two-factor authentication asks for a code from an app on your phone each time you sign in. Enter your account password to begin."
          submitLabel="Continue"
          onSubmit={start}
          onCancel={onClose}
        />
      )}
      {step.name === 'scan' && <TwoFactorScanStep setup={step.setup} onVerify={verify} onCancel={onClose} />}
      {step.name === 'codes' && (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <RecoveryCodes codes={step.codes} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose}>
              I have saved these codes
            </Button>
          </DialogActions>
        </>
      )}
    </FormDialog>
  );
}
