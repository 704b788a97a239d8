import { useSnackbar } from 'notistack';
import { messageOf } from '../../shared/api/errorText';
import { useAppDispatch } from '../../app/hooks';
import { SecretChangeForm } from './SecretChangeForm';
import { PASSWORD_CHANGE_TEXTS } from './secretChangeSchema';
import { settingsApi } from './settingsApi';

/** SPEC sections 2 and 5: Change Password. The server signs every other session out. */
export function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
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
          enqueueSnackbar('Password updated successfully!', { variant: 'success' });
        } catch (error) {
          enqueueSnackbar(messageOf(error, 'Failed to update password'), { variant: 'error' });
        }
      }}
    />
  );
}
