import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { ChangeMasterPasswordForm } from './ChangeMasterPasswordForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SettingsSection } from './SettingsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { UnlockWindowSetting } from './UnlockWindowSetting';

/**
 * SPEC section 2, Security: password, master password and two-factor authentication; issue 15's unlock
 * window beside the master password.
 */
export function SecurityTab() {
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <SettingsSection
        title="Change Password"
        description="The password you sign in with. Changing it signs you out everywhere else."
      >
        <ChangePasswordForm />
      </SettingsSection>
      <Divider />
      <SettingsSection
        title="Change Master Password"
        description="The password that unlocks your vault. Every saved password stays readable with the new one."
      >
        <ChangeMasterPasswordForm />
      </SettingsSection>
      <Divider />
      <UnlockWindowSetting />
      <Divider />
      <TwoFactorSection />
    </Box>
  );
}
