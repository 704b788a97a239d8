import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useSnackbar } from 'notistack';
import { messageOf } from '../../shared/api/errorText';
import { DEFAULT_AUTO_LOGOUT, type AutoLogoutMinutes } from '../../common/constants';
import { AUTO_LOGOUT_CHOICES } from './autoLogoutOptions';
import { PreferenceSwitch } from './PreferenceSwitch';
import { SettingsLoadFailure } from './SettingsLoadFailure';
import { SettingsSection } from './SettingsSection';
import { useGetSettingsQuery, useUpdateSettingsMutation, type SettingsPreferences } from './settingsApi';

/** The server's defaults, sent with a change before the settings have loaded (the controls wait). */
const DEFAULTS: SettingsPreferences = {
  emailNotifications: true,
  securityAlerts: true,
  autoLogout: DEFAULT_AUTO_LOGOUT,
};

/** SPEC sections 2 and 4: two toggles and the auto-logout select, each saved as soon as it changes. */
export function NotificationsTab() {
  const settings = useGetSettingsQuery();
  const { data, isLoading, isError } = settings;
  const [updateSettings] = useUpdateSettingsMutation();
  const { enqueueSnackbar } = useSnackbar();
  const current: SettingsPreferences = {
    emailNotifications: data?.emailNotifications ?? DEFAULTS.emailNotifications,
    securityAlerts: data?.securityAlerts ?? DEFAULTS.securityAlerts,
    autoLogout: data?.autoLogout ?? DEFAULTS.autoLogout,
  };

  // The whole preference object goes out; the cache shows the change at once and undoes it on failure.
  const save = async (change: Partial<SettingsPreferences>) => {
    try {
      await updateSettings({ ...current, ...change }).unwrap();
      enqueueSnackbar('Settings updated successfully!', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(messageOf(error, 'Failed to update settings'), { variant: 'error' });
    }
  };

  // Not the defaults as if they were the user's: a change would then send them for the others too.
  if (isError) return <SettingsLoadFailure query={settings} />;

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <SettingsSection title="Notifications" description="What PassVault e-mails you about.">
        <Box>
          <PreferenceSwitch
            label="Email Notifications"
            description="News about your account and your vault."
            checked={current.emailNotifications}
            disabled={isLoading}
            onChange={(emailNotifications) => void save({ emailNotifications })}
          />
          <Divider />
          <PreferenceSwitch
            label="Security Alerts"
            description="A message on every sign-in, password or two-factor change."
            checked={current.securityAlerts}
            disabled={isLoading}
            onChange={(securityAlerts) => void save({ securityAlerts })}
          />
        </Box>
      </SettingsSection>
      <SettingsSection title="Session" description="Sign out automatically when PassVault is left alone.">
        <FormControl sx={{ maxWidth: 320 }} fullWidth disabled={isLoading}>
          <InputLabel id="auto-logout-label">Auto Logout</InputLabel>
          <Select
            labelId="auto-logout-label"
            id="auto-logout"
            label="Auto Logout"
            value={current.autoLogout}
            onChange={(event) => void save({ autoLogout: event.target.value as AutoLogoutMinutes })}
            aria-describedby="auto-logout-help"
          >
            {AUTO_LOGOUT_CHOICES.map(({ value, label }) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </Select>
          <FormHelperText id="auto-logout-help">
            After this long without a key press, click or touch in any PassVault tab.
          </FormHelperText>
        </FormControl>
      </SettingsSection>
    </Box>
  );
}
