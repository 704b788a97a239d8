import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Breakpoint } from '@mui/material/styles';
import { useCurrentUser } from '../../features/auth';

/** The signed-in user's first name (fallback 'User') and e-mail. */
export function UserSummary({
  maxWidth = 200,
}: {
  /** Of the name and e-mail; per breakpoint, so wide windows show the whole e-mail. */
  maxWidth?: number | string | Partial<Record<Breakpoint, number | string>>;
}) {
  const { user } = useCurrentUser();
  const name = user?.firstName || 'User';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Avatar
        aria-hidden
        sx={{ width: 34, height: 34, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, maxWidth, lineHeight: 1.2 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="user-first-name">
          {name}
        </Typography>
        <Typography
          variant="caption"
          noWrap
          component="p"
          sx={{ color: 'text.secondary' }}
          title={user?.email}
        >
          {user?.email}
        </Typography>
      </Box>
    </Box>
  );
}
