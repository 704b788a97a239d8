import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useSnackbar } from 'notistack';
import { messageOf } from '../../shared/api/errorText';
import { UNLOCK_WINDOW_OPTIONS, type UnlockWindowChoice } from '../../common/unlockWindow';
import { useUnlockWindow } from '../masterPassword';
import { SettingsLoadFailure } from './SettingsLoadFailure';
import { SettingsSection } from './SettingsSection';
import { useGetSettingsQuery, useUpdateSettingsMutation } from './settingsApi';
import { unlockChoiceOf } from './useUnlockWindowChoice';

export function unlockChoiceLabel(minutes: UnlockWindowChoice): string {
  if (minutes === 0) return 'Every time (default)';
  return `For ${minutes === 1 ? '1 minute' : `${minutes} minutes`} after unlocking`;
}

/**
 * Issue 15, Settings > Security: how long one master password unlocks the vault in a tab. Saved as soon
 * as it changes, like the other preferences; going back to "every time" locks an open window at once.
 */
export function UnlockWindowSetting() {
  const id = useId();
  const settings = useGetSettingsQuery();
  const { data, isLoading, isError } = settings;
  const [updateSettings] = useUpdateSettingsMutation();
  const { endsAt, lock } = useUnlockWindow();
  const { enqueueSnackbar } = useSnackbar();
  const value = unlockChoiceOf(data?.unlockMinutes);

  const save = async (unlockMinutes: UnlockWindowChoice) => {
    try {
      await updateSettings({ unlockMinutes }).unwrap();
      enqueueSnackbar('Settings updated successfully!', { variant: 'success' });
      if (unlockMinutes === 0 && endsAt !== null) await lock();
    } catch (error) {
      enqueueSnackbar(messageOf(error, 'Failed to update settings'), { variant: 'error' });
    }
  };

  return (
    <SettingsSection
      title="Unlock window"
      description="Whether revealing, copying, editing and deleting ask for the master password each time."
    >
      {isError ? (
        <SettingsLoadFailure query={settings} />
      ) : (
        <FormControl disabled={isLoading}>
          <FormLabel id={`${id}-label`} sx={{ fontWeight: 500, color: 'text.primary' }}>
            Ask for the master password
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-help`}
            value={String(value)}
            onChange={(event) => void save(unlockChoiceOf(Number(event.target.value)))}
          >
            {UNLOCK_WINDOW_OPTIONS.map((minutes) => (
              <FormControlLabel
                key={minutes}
                value={String(minutes)}
                control={<Radio />}
                label={unlockChoiceLabel(minutes)}
              />
            ))}
          </RadioGroup>
          <FormHelperText id={`${id}-help`} sx={{ mx: 0, maxWidth: 560 }}>
            After a right master password the vault stays unlocked in that browser tab only, so anyone at this
            device can use it meanwhile. Lock now in the top bar, signing out or reloading the tab ends it at
            once.
          </FormHelperText>
        </FormControl>
      )}
    </SettingsSection>
  );
}
