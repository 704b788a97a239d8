import Alert from '@mui/material/Alert';
import { useSnackbar } from 'notistack';
import { messageOf } from '../../api/errorText';
import { useThunkDispatch } from '../../components/useThunkDispatch';
import { SecretChangeForm } from './SecretChangeForm';
import { MASTER_PASSWORD_CHANGE_TEXTS } from './secretChangeSchema';
import { settingsApi } from './settingsApi';
import { useMasterPasswordOutcome } from './useMasterPasswordOutcome';

/**
 * Issue 4: Change Master Password. The server re-wraps the vault key, so every entry opens with the
 * new one. A wrong current master password counts with the attempts of every master-password dialog.
 */
export function ChangeMasterPasswordForm() {
  const dispatch = useThunkDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const outcome = useMasterPasswordOutcome();
  return (
    <>
      <Alert severity="info" variant="outlined" sx={{ maxWidth: 560 }}>
        Your master password cannot be recovered if you forget it. Choose one you will remember.
      </Alert>
      <SecretChangeForm
        texts={MASTER_PASSWORD_CHANGE_TEXTS}
        onSubmit={async ({ current, next }) => {
          if (outcome.lockedOut()) return;
          try {
            await dispatch(
              settingsApi.endpoints.changeMasterPassword.initiate(
                { currentMasterPassword: current, newMasterPassword: next },
                { track: false },
              ),
            ).unwrap();
            outcome.verified();
            enqueueSnackbar('Master password updated successfully', { variant: 'success' });
          } catch (error) {
            if (outcome.failed(error)) return;
            enqueueSnackbar(messageOf(error, 'Failed to update master password'), { variant: 'error' });
          }
        }}
      />
    </>
  );
}
