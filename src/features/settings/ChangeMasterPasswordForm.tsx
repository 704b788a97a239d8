import Alert from '@mui/material/Alert';
import { useSnackbar } from 'notistack';
import { messageOf } from '../../shared/api/errorText';
import { useAppDispatch } from '../../app/hooks';
import { SecretChangeForm } from './SecretChangeForm';
import { MASTER_PASSWORD_CHANGE_TEXTS } from './secretChangeSchema';
import { settingsApi } from './settingsApi';
import { UnlockPausedPanel, useMasterPasswordOutcome, useMasterPasswordStatus } from '../masterPassword';

/**
 * Issue 4: Change Master Password. The server re-wraps the vault key, so every entry opens with the
 * new one. A wrong current master password counts with the attempts of every master-password dialog.
 */
export function ChangeMasterPasswordForm() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const outcome = useMasterPasswordOutcome();
  const { pausedUntil } = useMasterPasswordStatus();
  if (pausedUntil) return <UnlockPausedPanel pausedUntil={pausedUntil} />;
  return (
    <>
      {/* Advice that is always there: a note, not an alert (MUI's Alert is role="alert" unless told). */}
      <Alert severity="info" variant="outlined" role="note" sx={{ maxWidth: 560 }}>
        Your master password cannot be recovered if you forget it. Choose one you will remember.
      </Alert>
      <SecretChangeForm
        texts={MASTER_PASSWORD_CHANGE_TEXTS}
        onSubmit={async ({ current, next }) => {
          if (outcome.lockedOut) return false;
          try {
            await dispatch(
              settingsApi.endpoints.changeMasterPassword.initiate(
                { currentMasterPassword: current, newMasterPassword: next },
                { track: false },
              ),
            ).unwrap();
            outcome.accepted();
            enqueueSnackbar('Master password updated successfully', { variant: 'success' });
            return true;
          } catch (error) {
            if (outcome.failed(error).kind === 'other') {
              enqueueSnackbar(messageOf(error, 'Failed to update master password'), { variant: 'error' });
            }
            return false;
          }
        }}
      />
    </>
  );
}
