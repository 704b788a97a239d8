// The settings feature: its page (a chunk of its own), the auto-logout that every signed-in page runs,
// the password generator's remembered options (issue 14) for the vault's generator panel, the unlock
// window's choice (issue 15) for the master-password prompt, how the Passwords page's list was left, and
// one entry's access log.
import { lazy } from 'react';
import { lazyWithPreload } from '../../shared/ui/lazyWithPreload';

export const SettingsPage = lazyWithPreload(() => import('./SettingsPage'));
export { AutoLogout } from './AutoLogout';
export { useGeneratorOptions, type RememberedGeneratorOptions } from './useGeneratorOptions';
export { useUnlockWindowChoice } from './useUnlockWindowChoice';
export {
  loadListPreferences,
  useListPreferences,
  type RememberedListPreferences,
} from './useListPreferences';
// Lazy: the master-password feature (in every page's first load) imports this index.
export const loadEntryActivityList = () => import('./EntryActivityList');
export const EntryActivityList = lazy(() =>
  loadEntryActivityList().then((module) => ({ default: module.EntryActivityList })),
);
