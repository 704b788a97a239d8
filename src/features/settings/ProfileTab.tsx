import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useCurrentUser } from '../auth';
import { messageOf } from '../../shared/api/errorText';
import type { User } from '../../common/wire';
import { NameFields } from '../../shared/ui/NameFields';
import { TextInput } from '../../shared/ui/TextInput';
import { profileSchema } from './profileSchema';
import { SettingsSection } from './SettingsSection';
import { useUpdateProfileMutation } from './settingsApi';
import { RetryAlert } from '../../shared/ui/RetryAlert';

function ProfileForm({ user }: { user: User }) {
  const [updateProfile] = useUpdateProfileMutation();
  const { enqueueSnackbar } = useSnackbar();
  const formik = useFormik({
    // The saved names come back through the refetched user and become the new starting point.
    enableReinitialize: true,
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    validationSchema: profileSchema,
    onSubmit: async ({ firstName, lastName }) => {
      try {
        await updateProfile({
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          email: user.email,
        }).unwrap();
        enqueueSnackbar('Profile updated successfully!', { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(messageOf(error, 'Failed to update profile'), { variant: 'error' });
      }
    },
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={formik.handleSubmit}
      sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
    >
      <NameFields formik={formik} />
      <TextInput
        id="profile-email"
        label="Email"
        type="email"
        value={user.email}
        fullWidth
        // Read-only rather than disabled: it stays readable (contrast), focusable and announced.
        inputProps={{ readOnly: true }}
        helperText="Email address cannot be changed for security reasons"
        sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'action.hover' } }}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          loading={formik.isSubmitting}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Save Changes
        </Button>
      </Box>
    </Box>
  );
}

/** SPEC section 2, Profile: first and last name, the read-only e-mail, Save Changes. */
export function ProfileTab() {
  const { user, isLoading, isError, refetch } = useCurrentUser();
  return (
    <SettingsSection title="Profile Information" description="Your name as PassVault shows it.">
      {user ? (
        <ProfileForm user={user} />
      ) : isLoading || !isError ? (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }} aria-busy="true">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Box>
      ) : (
        <RetryAlert onRetry={() => void refetch()}>Your profile could not be loaded.</RetryAlert>
      )}
    </SettingsSection>
  );
}
