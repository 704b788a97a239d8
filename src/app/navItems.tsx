import type { ReactElement } from 'react';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactElement;
}

/** The three signed-in pages, in the order of SPEC section 2. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { to: '/passwords', label: 'Passwords', icon: <KeyOutlined /> },
  { to: '/settings', label: 'Settings', icon: <SettingsOutlined /> },
];

export const PRODUCT_NAME = 'PassVault';
