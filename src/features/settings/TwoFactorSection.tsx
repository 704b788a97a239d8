import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import { useCurrentUser } from '../auth';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { SettingsSection } from './SettingsSection';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

/** SPEC section 2: the two-factor status, with the action that changes it. */
export function TwoFactorSection() {
  const { user, isLoading } = useCurrentUser();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const enabled = user?.twoFactorEnabled ?? false;
  const close = () => setDialog(null);

  const status = isLoading ? (
    <Skeleton width={160} height={40} />
  ) : (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Chip
        label={enabled ? 'Enabled' : 'Disabled'}
        color={enabled ? 'success' : 'default'}
        variant={enabled ? 'filled' : 'outlined'}
        icon={enabled ? <CheckCircle /> : <RemoveCircleOutline />}
      />
      <Button
        variant={enabled ? 'outlined' : 'contained'}
        color={enabled ? 'error' : 'primary'}
        disabled={!user}
        onClick={() => setDialog(enabled ? 'disable' : 'enable')}
      >
        {enabled ? 'Disable 2FA' : 'Enable 2FA'}
      </Button>
    </Box>
  );

  return (
    <SettingsSection
      title="Two-Factor Authentication"
      description="Ask for a 6-digit code from an authenticator app, as well as your password, when you sign in."
      aside={status}
    >
      <TwoFactorSetupDialog open={dialog === 'enable'} onClose={close} />
      <DisableTwoFactorDialog open={dialog === 'disable'} onClose={close} />
    </SettingsSection>
  );
}
