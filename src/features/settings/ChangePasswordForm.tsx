import { useSnackbar } from 'notistack';
import { messageOf } from '../../shared/api/errorText';
import { useAttemptToasts } from '../../shared/ui/useAttemptToasts';
import { useAppDispatch } from '../../app/hooks';
import { SecretChangeForm } from './SecretChangeForm';
import { PASSWORD_CHANGE_TEXTS } from './secretChangeSchema';
import { settingsApi } from './settingsApi';

/** SPEC sections 2 and 5: Change Password. The server signs every other session out. */
export function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  // "Current password is incorrect" closes when a later attempt goes through.
  const { attemptFailed, attemptsAnswered } = useAttemptToasts();
  return (
    <SecretChangeForm
      texts={PASSWORD_CHANGE_TEXTS}
      onSubmit={async ({ current, next }) => {
        try {
          await dispatch(
            settingsApi.endpoints.changePassword.initiate(
              { currentPassword: current, newPassword: next },
              { track: false },
            ),
          ).unwrap();
          attemptsAnswered();
          enqueueSnackbar('Password updated successfully!', { variant: 'success' });
          return true;
        } catch (error) {
          attemptFailed(messageOf(error, 'Failed to update password'));
          return false;
        }
      }}
    />
  );
}
