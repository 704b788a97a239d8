import { forwardRef } from 'react';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { SnackbarContent, useSnackbar, type CustomContentProps } from 'notistack';

const severityOf = {
  default: 'info',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
} as const;

/**
 * A notistack toast drawn as a filled MUI Alert: readable colours in both themes and a named close button.
 * An `action` (an Undo, say) shows before the close button.
 */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(
  { id, message, variant, action },
  ref,
) {
  const { closeSnackbar } = useSnackbar();
  const extra = typeof action === 'function' ? action(id) : action;
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
        // With an action, the Alert draws only that: the close button is added beside it.
        action={
          extra ? (
            <>
              {extra}
              <IconButton
                aria-label="Dismiss notification"
                title="Dismiss notification"
                color="inherit"
                size="small"
                onClick={() => closeSnackbar(id)}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
        sx={{
          ...colors,
          width: '100%',
          // Beside an open dialog the container may be narrower than 300 px (ToastPlacement).
          minWidth: { sm: 'min(300px, 100%)' },
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
