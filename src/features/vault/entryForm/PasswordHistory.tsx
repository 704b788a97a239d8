import { useId, useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { MASKED_PASSWORD } from '../../../common/constants';
import type { HistoryItem } from '../../../common/wire';
import { copyToClipboard } from '../../../shared/ui/clipboard';
import { visuallyHiddenSx } from '../../../shared/ui/visuallyHidden';
import { useAppDispatch } from '../../../app/hooks';
import { useMasterPasswordPrompt } from '../../masterPassword';
import { ActionButton, CopyButton } from '../CardButtons';
import { readableDate } from '../readableDate';
import { vaultCareApi } from '../vaultCareApi';

function EarlierPassword({ item }: { item: HistoryItem }) {
  const { enqueueSnackbar } = useSnackbar();
  const [shown, setShown] = useState(false);
  const changed = readableDate(item.changedAt);
  const copy = async () => {
    try {
      await copyToClipboard(item.password, { sensitive: true });
      enqueueSnackbar('Password copied to clipboard', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to copy password', { variant: 'error' });
    }
  };
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 0.75,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{ fontFamily: 'monospace', letterSpacing: 1, overflowWrap: 'anywhere' }}
        >
          <Box component="span" sx={visuallyHiddenSx}>
            {shown ? 'Earlier password: ' : 'Earlier password, hidden: '}
          </Box>
          {shown ? item.password : MASKED_PASSWORD}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Changed {changed}
        </Typography>
      </Box>
      <ActionButton
        label={`${shown ? 'Hide' : 'Reveal'} password changed ${changed}`}
        pressed={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </ActionButton>
      <CopyButton label={`Copy password changed ${changed}`} onClick={() => void copy()} />
    </Box>
  );
}

/**
 * The entry's earlier passwords in the edit form, after the master password: masked, each with reveal
 * and copy. They live in this component's state only, and go when the form closes or the list is hidden.
 */
export function PasswordHistory({ entryId }: { entryId: string }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const prompt = useMasterPasswordPrompt();
  const { enqueueSnackbar } = useSnackbar();
  const [items, setItems] = useState<HistoryItem[] | null>(null);
  const [loading, setLoading] = useState(false);
  const open = items !== null;

  const toggle = async () => {
    if (open) {
      setItems(null);
      return;
    }
    const masterPassword = await prompt({ purpose: 'reveal', entryId });
    if (!masterPassword) return;
    setLoading(true);
    try {
      setItems(
        await dispatch(
          vaultCareApi.endpoints.getPasswordHistory.initiate(
            { id: entryId, masterPassword },
            { track: false },
          ),
        ).unwrap(),
      );
    } catch {
      enqueueSnackbar('Failed to load password history', { variant: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box sx={{ mt: 1.5 }}>
      <Button
        size="small"
        startIcon={<HistoryIcon />}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        loading={loading}
        loadingPosition="start"
        onClick={() => void toggle()}
      >
        Password history
      </Button>
      {open && (
        <Box id={`${id}-list`} sx={{ mt: 1 }}>
          {items.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
              No earlier passwords
            </Typography>
          ) : (
            <Stack
              component="ul"
              spacing={1}
              aria-label="Earlier passwords"
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              {items.map((item, index) => (
                <EarlierPassword key={`${item.changedAt}-${index}`} item={item} />
              ))}
            </Stack>
          )}
        </Box>
      )}
    </Box>
  );
}
