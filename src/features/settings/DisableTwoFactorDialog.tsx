import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { messageOf } from '../../api/errorText';
import { useThunkDispatch } from '../../components/useThunkDispatch';
import { AccountPasswordForm } from './AccountPasswordForm';
import { settingsApi } from './settingsApi';

export interface DisableTwoFactorDialogProps {
  open: boolean;
  onClose: () => void;
}

/** SPEC section 4: Disable 2FA asks for the account password, then the current user is refetched. */
export function DisableTwoFactorDialog({ open, onClose }: DisableTwoFactorDialogProps) {
  const id = useId();
  const dispatch = useThunkDispatch();
  const { enqueueSnackbar } = useSnackbar();

  const disable = async (password: string) => {
    try {
      // Invalidates 'User': the Security tab shows the new status once the user is refetched.
      await dispatch(
        settingsApi.endpoints.disableTwoFactor.initiate({ password }, { track: false }),
      ).unwrap();
      enqueueSnackbar('2FA disabled successfully', { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(messageOf(error, 'Failed to disable 2FA'), { variant: 'error' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>Disable two-factor authentication</DialogTitle>
      <AccountPasswordForm
        intro="Enter your account password to turn two-factor authentication off. Signing in will then ask for your password only."
        submitLabel="Disable 2FA"
        destructive
        onSubmit={disable}
        onCancel={onClose}
      />
    </Dialog>
  );
}
