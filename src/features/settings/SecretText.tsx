import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useSnackbar } from 'notistack';
import { copyToClipboard } from '../../shared/ui/clipboard';

export interface SecretTextProps {
  value: string;
  /** What is copied, e.g. 'Secret key': names the button and the toast. */
  label: string;
}

/** A key in groups of four (apps ignore the spaces), easy to read and type, with a copy button. */
export function SecretText({ value, label }: SecretTextProps) {
  const { enqueueSnackbar } = useSnackbar();
  const grouped = value.match(/.{1,4}/g)?.join(' ') ?? value;
  const copy = async () => {
    try {
      await copyToClipboard(value, { sensitive: true });
      enqueueSnackbar(`${label} copied to clipboard`, { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to copy to clipboard', { variant: 'error' });
    }
  };
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 0.75,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      <Box
        component="code"
        sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontSize: '0.95rem', overflowWrap: 'anywhere' }}
      >
        {grouped}
      </Box>
      <Tooltip title={`Copy ${label.toLowerCase()}`}>
        <IconButton aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy()} size="small">
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
