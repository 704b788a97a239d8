import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

export interface RetryAlertProps {
  /** What could not be loaded, and why. */
  children: ReactNode;
  onRetry: () => void;
  /** The new attempt is on its way: the button says so and waits. */
  retrying?: boolean;
  sx?: SxProps<Theme>;
}

/** Something could not be loaded: says what (announced), with a Retry button beside it. */
export function RetryAlert({ children, onRetry, retrying = false, sx }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
