import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import HistoryToggleOffIcon from '@mui/icons-material/HistoryToggleOff';
import RepeatIcon from '@mui/icons-material/Repeat';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { HealthFilterName, PasswordEntry } from '../../common/wire';
import { healthReasons } from './passwordHealth';

const LOOKS: Record<HealthFilterName, { color: ChipProps['color']; icon: ChipProps['icon'] }> = {
  weak: { color: 'error', icon: <WarningAmberIcon /> },
  reused: { color: 'warning', icon: <RepeatIcon /> },
  old: { color: 'info', icon: <HistoryToggleOffIcon /> },
};

export interface CardHealthProps {
  entry: PasswordEntry;
  onRenew: (entry: PasswordEntry) => void;
}

/** Why a flagged entry's password needs care, and the one click that replaces it. Nothing when healthy. */
export function CardHealth({ entry, onRenew }: CardHealthProps) {
  const reasons = healthReasons(entry.health);
  if (reasons.length === 0) return null;
  return (
    <Box
      sx={{
        mt: 1,
        pt: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <Box
        component="ul"
        aria-label={`Password health of ${entry.title}`}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0 }}
      >
        {reasons.map(({ kind, label }) => (
          <li key={kind}>
            <Chip label={label} size="small" variant="outlined" {...LOOKS[kind]} />
          </li>
        ))}
      </Box>
      <Button
        size="small"
        startIcon={<AutorenewIcon />}
        aria-label={`Generate new password for ${entry.title}`}
        onClick={() => onRenew(entry)}
        sx={{ ml: 'auto' }}
      >
        Generate new password
      </Button>
    </Box>
  );
}
