import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ActivityTab } from './ActivityTab';
import { DangerZoneTab } from './DangerZoneTab';
import { DataTab } from './DataTab';
import { NotificationsTab } from './NotificationsTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { PageHeader } from '../../shared/ui/PageHeader';
import { keepClearOfToasts } from '../../shared/ui/ToastPlacement';
import { useGetSettingsQuery } from './settingsApi';
import { SETTINGS_TABS, useSettingsTab, type SettingsTabId } from './settingsTabs';

export interface SettingsPageProps {
  /** The Data tab's Export and Import cards, from the transfer feature: the app composes the two. */
  dataTools?: ReactNode;
}

function panelOf(tab: SettingsTabId, dataTools: ReactNode): ReactNode {
  switch (tab) {
    case 'profile':
      return <ProfileTab />;
    case 'security':
      return <SecurityTab />;
    case 'data':
      return <DataTab tools={dataTools} />;
    case 'notifications':
      return <NotificationsTab />;
    case 'activity':
      return <ActivityTab />;
    case 'danger':
      return <DangerZoneTab />;
  }
}

/** SPEC section 2: the Settings page and its five tabs, plus issue 15's Activity. */
export default function SettingsPage({ dataTools }: SettingsPageProps) {
  const id = useId();
  const [tab, selectTab] = useSettingsTab();
  // Fetched once for every tab; a change to the vault invalidates it (tag 'Settings'), so counts stay true.
  useGetSettingsQuery();

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', display: 'grid', gap: 3 }}>
      <PageHeader title="Settings" subtitle="Manage your account, security and preferences" />
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        <Tabs
          // Toasts appear below the tabs, not over them.
          ref={keepClearOfToasts}
          value={tab}
          onChange={(_event, next: SettingsTabId) => selectTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Settings sections"
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            px: { xs: 0, sm: 1 },
            // A scroll button with nowhere to go shows dimmed: hidden, it left an empty gap by "Profile".
            '& .MuiTabs-scrollButtons.Mui-disabled': { opacity: 0.3 },
          }}
        >
          {SETTINGS_TABS.map(({ id: tabId, label, icon }) => (
            <Tab
              key={tabId}
              value={tabId}
              label={label}
              icon={icon}
              iconPosition="start"
              id={`${id}-${tabId}-tab`}
              aria-controls={`${id}-${tabId}-panel`}
              sx={[
                {
                  minHeight: 56,
                  minWidth: { xs: 0, sm: 90 },
                  px: { xs: 1.5, sm: 2 },
                  textTransform: 'none',
                  fontWeight: 600,
                  // Narrow screens: the words only, so more tabs fit before scrolling.
                  '& .MuiTab-icon': { display: { xs: 'none', sm: 'inline-flex' } },
                },
                tabId === 'danger' && { color: 'error.main', '&.Mui-selected': { color: 'error.main' } },
              ]}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`${id}-${tab}-panel`}
          aria-labelledby={`${id}-${tab}-tab`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {panelOf(tab, dataTools)}
        </Box>
      </Paper>
    </Box>
  );
}
