import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TransferTab } from './transferForm';
import { TransferPanel } from './TransferPanel';

export interface TransferDialogProps {
  open: boolean;
  /** The tab shown at every opening (SPEC section 4). */
  initialTab: TransferTab;
  onClose: () => void;
}

/**
 * SPEC section 2's Export/Import dialog. Each opening gets a fresh panel (a new key), so reopening
 * starts on the requested tab with no master password, data or results left from before; closing
 * unmounts the panel and forgets them. Full screen on small screens.
 */
export function TransferDialog({ open, initialTab, onClose }: TransferDialogProps) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((count) => count + 1);
  }
  return (
    <Dialog
      open={open}
      // A stray click beside the dialog must not throw away a typed master password or pasted data.
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <TransferPanel key={opening} initialTab={initialTab} titleId={`${id}-title`} onClose={onClose} />
    </Dialog>
  );
}
