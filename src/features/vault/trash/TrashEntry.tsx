import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import type { TrashedPasswordEntry } from '../../../common/wire';
import { categoryColor } from '../../../shared/ui/categories';
import { readableDate } from '../readableDate';
import { TRASH_DAYS } from '../../../common/vaultCare';

export { TRASH_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Removed for good in 12 days' (or 'today'), from when the entry was deleted. */
export function removalText(deletedAt: string, now = Date.now()): string {
  const left = Math.ceil((Date.parse(deletedAt) + TRASH_DAYS * DAY_MS - now) / DAY_MS);
  if (Number.isNaN(left)) return '';
  if (left <= 1) return 'Removed for good within a day';
  return `Removed for good in ${left} days`;
}

export interface TrashEntryProps {
  entry: TrashedPasswordEntry;
  busy: boolean;
  onRestore: (entry: TrashedPasswordEntry) => void;
  onPurge: (entry: TrashedPasswordEntry) => void;
}

/** One deleted entry: what it was, when it was deleted, and what can be done with it. */
export function TrashEntry({ entry, busy, onRestore, onPurge }: TrashEntryProps) {
  const { title } = entry;
  const login = entry.email || entry.username;
  const color = categoryColor(entry.category);
  return (
    <Card
      component="article"
      aria-label={title}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: { xs: 1.5, sm: 2 },
        p: { xs: 2, sm: 2.5 },
      }}
    >
      <Avatar
        aria-hidden
        sx={(theme) => ({
          alignSelf: { xs: 'flex-start', sm: 'center' },
          bgcolor: alpha(theme.palette[color].main, 0.15),
          color: theme.palette[color].main,
          fontWeight: 700,
        })}
      >
        {title.trim().charAt(0).toUpperCase() || '?'}
      </Avatar>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {login && (
          <Typography variant="body2" noWrap title={login}>
            {login}
          </Typography>
        )}
        {entry.website && (
          <Typography variant="body2" color="text.secondary" noWrap title={entry.website}>
            {entry.website}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          Deleted {readableDate(entry.deletedAt)} · {removalText(entry.deletedAt)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto' }}>
        <Button
          variant="outlined"
          startIcon={<RestoreIcon />}
          disabled={busy}
          aria-label={`Restore ${title}`}
          onClick={() => onRestore(entry)}
        >
          Restore
        </Button>
        <Button
          color="error"
          startIcon={<DeleteForeverOutlinedIcon />}
          disabled={busy}
          aria-label={`Delete forever: ${title}`}
          onClick={() => onPurge(entry)}
        >
          Delete forever
        </Button>
      </Box>
    </Card>
  );
}
