import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import RefreshIcon from '@mui/icons-material/Refresh';

export const LIST_FAILED_TITLE = "Your passwords couldn't be loaded";
/** While a window of the list in view has failed (its rows stay placeholders): see PasswordsPage. */
export const WINDOW_FAILED_TEXT = "Some of your passwords couldn't be loaded";

export interface ListErrorStateProps {
  /** Why, in words a person can act on (the server's message, or that PassVault cannot be reached). */
  reason: string;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * In place of the cards when the list cannot be fetched (SPEC section 8 empties it): says so, and why,
 * with Retry. Never the empty state, which would tell the owner of a full vault that it is empty.
 */
export function ListErrorState({ reason, onRetry, retrying }: ListErrorStateProps) {
  return (
    <Paper variant="outlined" sx={{ py: { xs: 5, sm: 8 }, px: 3, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar
          aria-hidden
          sx={(theme) => ({
            width: 56,
            height: 56,
            bgcolor: alpha(theme.palette.error.main, 0.12),
            color: 'error.main',
          })}
        >
          <CloudOffIcon />
        </Avatar>
        <Typography component="h2" variant="h6">
          {LIST_FAILED_TITLE}
        </Typography>
        <Typography color="text.secondary">{reason}</Typography>
        <Button
          variant="contained"
          startIcon={<RefreshIcon />}
          onClick={onRetry}
          loading={retrying}
          sx={{ mt: 1 }}
        >
          Retry
        </Button>
      </Stack>
    </Paper>
  );
}
