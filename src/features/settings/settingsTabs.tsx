import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import Person from '@mui/icons-material/PersonOutlined';
import Security from '@mui/icons-material/SecurityOutlined';
import Storage from '@mui/icons-material/StorageOutlined';
import Notifications from '@mui/icons-material/NotificationsNoneOutlined';
import History from '@mui/icons-material/History';
import Warning from '@mui/icons-material/WarningAmberOutlined';

export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile', icon: <Person /> },
  { id: 'security', label: 'Security', icon: <Security /> },
  { id: 'data', label: 'Data', icon: <Storage /> },
  { id: 'notifications', label: 'Notifications', icon: <Notifications /> },
  { id: 'activity', label: 'Activity', icon: <History /> },
  { id: 'danger', label: 'Danger Zone', icon: <Warning /> },
] as const satisfies readonly { id: string; label: string; icon: ReactElement }[];

export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

function isTabId(value: string | null): value is SettingsTabId {
  return SETTINGS_TABS.some((tab) => tab.id === value);
}

/** The open tab lives in the address (`/settings?tab=security`): links and reloads keep it. */
export function useSettingsTab(): [SettingsTabId, (tab: SettingsTabId) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = isTabId(requested) ? requested : 'profile';
  const select = (next: SettingsTabId) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, select];
}
