import type { ReactNode } from 'react';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

export interface ActionButtonProps {
  /** The accessible name, also shown as the tooltip: 'Reveal password for GitHub'. */
  label: string;
  onClick: () => void;
  /** For toggles (reveal, favourite): exposed as aria-pressed. */
  pressed?: boolean;
  color?: IconButtonProps['color'];
  children: ReactNode;
}

export function ActionButton({ label, onClick, pressed, color = 'default', children }: ActionButtonProps) {
  return (
    <Tooltip title={label} enterDelay={500} disableInteractive>
      <IconButton aria-label={label} aria-pressed={pressed} onClick={onClick} color={color} size="small">
        {children}
      </IconButton>
    </Tooltip>
  );
}

export function CopyButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionButton label={label} onClick={onClick}>
      <ContentCopyIcon fontSize="small" />
    </ActionButton>
  );
}
