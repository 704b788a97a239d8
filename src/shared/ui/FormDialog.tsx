import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The id of the dialog's title element. */
  titleId: string;
  children: ReactNode;
}

/**
 * A dialog that holds a form people type into: a stray click beside it does not close it (and throw
 * away what was typed; Escape and the form's own Cancel still do), and it fills a phone's screen.
 */
export function FormDialog({ open, onClose, titleId, children }: FormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      {children}
    </Dialog>
  );
}
