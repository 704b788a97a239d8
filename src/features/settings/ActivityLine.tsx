import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImportExport from '@mui/icons-material/ImportExport';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { ACTIVITY_LABELS, type ActivityAction, type ActivityItem } from '../../common/activity';
import { absoluteTime, relativeTime } from './activityTime';
import { userAgentName } from './userAgentName';

type Tone = 'default' | 'warning' | 'admin';

const KINDS: Record<ActivityAction, { icon: ReactElement; tone: Tone }> = {
  'sign-in': { icon: <LoginOutlined />, tone: 'default' },
  reveal: { icon: <VisibilityOutlined />, tone: 'default' },
  'history-reveal': { icon: <VisibilityOutlined />, tone: 'default' },
  create: { icon: <AddCircleOutline />, tone: 'default' },
  update: { icon: <EditOutlined />, tone: 'default' },
  delete: { icon: <DeleteOutline />, tone: 'default' },
  restore: { icon: <RestoreFromTrash />, tone: 'default' },
  purge: { icon: <DeleteOutline />, tone: 'default' },
  export: { icon: <ImportExport />, tone: 'default' },
  import: { icon: <ImportExport />, tone: 'default' },
  'master-password-failed': { icon: <WarningAmberOutlined />, tone: 'warning' },
  lockout: { icon: <WarningAmberOutlined />, tone: 'warning' },
  'unlock-paused': { icon: <WarningAmberOutlined />, tone: 'warning' },
  'password-change': { icon: <KeyOutlined />, tone: 'default' },
  'master-password-change': { icon: <KeyOutlined />, tone: 'default' },
  'two-factor-on': { icon: <ShieldOutlined />, tone: 'default' },
  'two-factor-off': { icon: <ShieldOutlined />, tone: 'warning' },
  'admin-disable': { icon: <AdminPanelSettingsOutlined />, tone: 'admin' },
  'admin-enable': { icon: <AdminPanelSettingsOutlined />, tone: 'admin' },
  'admin-revoke-sessions': { icon: <AdminPanelSettingsOutlined />, tone: 'admin' },
  'admin-reset-2fa': { icon: <AdminPanelSettingsOutlined />, tone: 'admin' },
};

const TONE_COLOR: Record<Tone, string> = {
  default: 'text.secondary',
  warning: 'warning.main',
  admin: 'info.main',
};

const BY_ADMIN = 'by the administrator';

/** 'Now', 'Yesterday', '5 minutes ago': the line starts with a capital. */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** 'Revealed', and who did it when it was not the user (the admin labels already say so). */
function actionText({ action, actor }: ActivityItem): string {
  const label = ACTIVITY_LABELS[action] ?? action;
  return actor === 'operator' && !label.includes(BY_ADMIN) ? `${label} ${BY_ADMIN}` : label;
}

export interface ActivityLineProps {
  item: ActivityItem;
  /** When the list was fetched (epoch ms): "5 minutes ago" is counted from then. */
  now: number;
  /** Name the entry ("Revealed Gmail"); an entry's own log leaves it out. */
  showEntry: boolean;
}

/** One line of the access log: what happened (to which entry), when, from which address and browser. */
export function ActivityLine({ item, now, showEntry }: ActivityLineProps) {
  const kind = KINDS[item.action] ?? { icon: <ShieldOutlined />, tone: 'default' };
  const where = [item.ip, userAgentName(item.userAgent)].filter(Boolean).join(' · ');
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.5, alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ color: TONE_COLOR[kind.tone], display: 'flex', pt: 0.25 }}>
        {kind.icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {actionText(item)}
          {showEntry && item.entryTitle && (
            <Box component="span" sx={{ fontWeight: 600 }}>
              {' '}
              {item.entryTitle}
            </Box>
          )}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          <time dateTime={item.createdAt}>{capitalised(relativeTime(item.createdAt, now))}</time>
          {' · '}
          {absoluteTime(item.createdAt)}
        </Typography>
        {where && (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {where}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
