import type { ReactElement } from 'react';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import EnhancedEncryptionOutlined from '@mui/icons-material/EnhancedEncryptionOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';

export interface MarketingPoint {
  icon: ReactElement;
  title: string;
  text: string;
}

// SPEC section 1's four marketing themes (strong encryption, zero knowledge, backup, cross-platform),
// worded so each is true of this product as built (see README "Security model").
export const MARKETING_POINTS: MarketingPoint[] = [
  {
    icon: <EnhancedEncryptionOutlined />,
    title: 'AES-256-GCM encryption',
    text: 'Every saved password and note is encrypted at rest with AES-256-GCM, under a vault key that only your master password can unlock.',
  },
  {
    icon: <KeyOutlined />,
    title: 'Your master password is never stored',
    text: 'The server keeps no copy of your master password, so a copy of the database alone does not open your vault. Choose it well: it cannot be recovered.',
  },
  {
    icon: <StorageOutlined />,
    title: 'Self-hosted, backed up by you',
    text: 'Run it on your own machine or server with SQLite or PostgreSQL, and back up your own database. Nothing is sent to a third-party cloud.',
  },
  {
    icon: <DevicesOutlined />,
    title: 'Works in any modern browser',
    text: 'Use the same vault from your desktop, laptop or phone, in a light or dark theme, with no app or extension to install.',
  },
];
