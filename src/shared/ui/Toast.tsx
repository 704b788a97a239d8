import { forwardRef } from 'react';
import Alert from '@mui/material/Alert';
import { SnackbarContent, useSnackbar, type CustomContentProps } from 'notistack';

const severityOf = {
  default: 'info',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
} as const;

/** A notistack toast drawn as a filled MUI Alert: readable colours in both themes and a named close button. */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(
  { id, message, variant },
  ref,
) {
  const { closeSnackbar } = useSnackbar();
  const severity = severityOf[variant];
  const urgent = variant === 'error' || variant === 'warning';
  const colors =
    variant === 'default'
      ? { bgcolor: 'text.primary', color: 'background.paper' }
      : { bgcolor: `${severity}.main`, color: `${severity}.contrastText` };
  return (
    <SnackbarContent ref={ref}>
      <Alert
        variant="filled"
        severity={severity}
        role={urgent ? 'alert' : 'status'}
        closeText="Dismiss notification"
        onClose={() => closeSnackbar(id)}
        sx={{
          ...colors,
          width: '100%',
          minWidth: { sm: 300 },
          maxWidth: 440,
          alignItems: 'center',
          boxShadow: 6,
          '& .MuiAlert-icon, & .MuiAlert-action': { color: 'inherit' },
        }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
