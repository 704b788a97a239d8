// The settings feature: its page (a chunk of its own), the auto-logout that every signed-in page runs, and
// the password generator's remembered options (issue 14) for the vault's generator panel.
import { lazy } from 'react';

export const loadSettingsPage = () => import('./SettingsPage');
export const SettingsPage = lazy(loadSettingsPage);
export { AutoLogout } from './AutoLogout';
export { useGeneratorOptions, type RememberedGeneratorOptions } from './useGeneratorOptions';
