// The settings feature: its page (a chunk of its own) and the auto-logout that every signed-in page runs.
import { lazy } from 'react';

export const loadSettingsPage = () => import('./SettingsPage');
export const SettingsPage = lazy(loadSettingsPage);
export { AutoLogout } from './AutoLogout';
