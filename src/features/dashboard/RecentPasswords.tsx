import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import StarIcon from '@mui/icons-material/Star';
import type { PasswordEntry } from '../../common/wire';
import { categoryColor } from '../../shared/ui/categories';
import { SectionHeader } from './SectionHeader';
import { SectionUnavailable } from './SectionUnavailable';

export interface RecentPasswordsProps {
  entries: PasswordEntry[];
  loading: boolean;
  /** The list could not be loaded: says so instead of 'No passwords yet'. */
  failed?: boolean;
}

function RecentItem({ entry }: { entry: PasswordEntry }) {
  const color = categoryColor(entry.category);
  return (
    <ListItem disableGutters sx={{ gap: 1 }}>
      <ListItemAvatar sx={{ minWidth: 48 }}>
        <Avatar
          aria-hidden
          sx={(theme) => ({
            bgcolor: alpha(theme.palette[color].main, 0.15),
            color: `${color}.main`,
            fontWeight: 700,
          })}
        >
          {entry.title.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={entry.title}
        secondary={entry.website || entry.email || entry.username || '—'}
        slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
        sx={{ minWidth: 0 }}
      />
      {entry.isFavorite && <StarIcon color="warning" fontSize="small" titleAccess="Favorite" />}
      <Chip
        label={entry.category}
        size="small"
        variant="outlined"
        color={color}
        sx={{ textTransform: 'capitalize' }}
      />
    </ListItem>
  );
}

/** SPEC section 2: the 5 most recent entries with a View all link. */
export function RecentPasswords({ entries, loading, failed = false }: RecentPasswordsProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="recent-passwords-title"
      sx={{ height: '100%' }}
    >
      <CardContent>
        <SectionHeader id="recent-passwords-title" title="Recent Passwords">
          <Link component={RouterLink} to="/passwords" underline="hover" sx={{ fontWeight: 600 }}>
            View all
          </Link>
        </SectionHeader>
        {loading ? (
          Array.from({ length: 3 }, (_, index) => <Skeleton key={index} height={56} />)
        ) : failed ? (
          <SectionUnavailable what="Your recent passwords" />
        ) : entries.length === 0 ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography color="text.secondary" gutterBottom>
              No passwords yet
            </Typography>
            <Link
              component={RouterLink}
              to="/passwords"
              state={{ addPassword: true }}
              sx={{ fontWeight: 600 }}
            >
              Add your first password
            </Link>
          </Box>
        ) : (
          <List disablePadding>
            {entries.map((entry) => (
              <RecentItem key={entry._id} entry={entry} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
