// Issue 15: how long one master password unlocks the vault in a tab, as the user chose in Settings >
// Security (0: every time, the SPEC's way and the answer while the settings are loading or failed).
import { UNLOCK_WINDOW_OPTIONS, type UnlockWindowChoice } from '../../common/unlockWindow';
import { useGetPreferencesQuery } from './settingsApi';

/** The saved choice if it is one of the options, else 0. */
export const unlockChoiceOf = (value: unknown): UnlockWindowChoice =>
  UNLOCK_WINDOW_OPTIONS.find((option) => option === value) ?? 0;

/** `skip` until the choice matters (a master-password dialog is open): a page that never asks fetches nothing. */
export function useUnlockWindowChoice(options: { skip?: boolean } = {}): UnlockWindowChoice {
  const { minutes } = useGetPreferencesQuery(undefined, {
    skip: options.skip,
    selectFromResult: ({ data }) => ({ minutes: unlockChoiceOf(data?.unlockMinutes) }),
  });
  return minutes;
}
