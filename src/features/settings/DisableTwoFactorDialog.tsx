import { useId } from 'react';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { messageOf } from '../../shared/api/errorText';
import { FormDialog } from '../../shared/ui/FormDialog';
import { useAttemptToasts } from '../../shared/ui/useAttemptToasts';
import { useAppDispatch } from '../../app/hooks';
import { AccountPasswordForm } from './AccountPasswordForm';
import { settingsApi } from './settingsApi';

export interface DisableTwoFactorDialogProps {
  open: boolean;
  onClose: () => void;
}

/** SPEC section 4: Disable 2FA asks for the account password, then the current user is refetched. */
export function DisableTwoFactorDialog({ open, onClose }: DisableTwoFactorDialogProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  // A refused code's toast closes when a later one is taken.
  const { attemptFailed, attemptsAnswered } = useAttemptToasts();

  const disable = async (password: string, code: string) => {
    try {
      // Invalidates 'User': the Security tab shows the new status once the user is refetched.
      await dispatch(
        settingsApi.endpoints.disableTwoFactor.initiate({ password, code }, { track: false }),
      ).unwrap();
      attemptsAnswered();
      enqueueSnackbar('2FA disabled successfully', { variant: 'success' });
      onClose();
    } catch (error) {
      attemptFailed(messageOf(error, 'Failed to disable 2FA'));
    }
  };

  return (
    <FormDialog open={open} onClose={onClose} titleId={`${id}-title`} maxWidth="xs">
      <DialogTitle id={`${id}-title`}>Disable two-factor authentication</DialogTitle>
      <AccountPasswordForm
        intro="Enter your account password and a current code from your authenticator app (or a recovery code) to turn two-factor authentication off. Signing in will then ask for your password only."
        submitLabel="Disable 2FA"
        destructive
        askCode
        onSubmit={disable}
        onCancel={onClose}
      />
    </FormDialog>
  );
}
