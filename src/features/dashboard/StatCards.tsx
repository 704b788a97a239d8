import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CategoryIcon from '@mui/icons-material/Category';
import KeyIcon from '@mui/icons-material/Key';
import ShieldIcon from '@mui/icons-material/Shield';
import StarIcon from '@mui/icons-material/Star';
import { DASHBOARD_SECURITY_SCORE } from '../../common/constants';
import type { PasswordStats } from '../../common/wire';
import type { CategoryColor } from '../../shared/ui/categories';
import { countBoxSx, countFontSize } from '../../shared/ui/countSize';
import { visuallyHiddenSx } from '../../shared/ui/visuallyHidden';
import { groupThousands } from '../../common/numbers';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color: CategoryColor;
  loading: boolean;
  /** A link target makes the whole card a link. */
  to?: string;
}

function StatCard({ label, value, icon, color, loading, to }: StatCardProps) {
  const body = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, p: { xs: 2, sm: 2.5 } }}>
      <Avatar
        aria-hidden
        variant="rounded"
        sx={(theme) => ({
          bgcolor: alpha(theme.palette[color].main, 0.15),
          color: `${color}.main`,
          display: { xs: 'none', sm: 'flex' },
        })}
      >
        {icon}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1, ...countBoxSx }}>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography
          variant="h4"
          component="p"
          sx={{ fontWeight: 700, lineHeight: 1.2, fontSize: countFontSize('2.125rem') }}
        >
          {loading ? <Skeleton width={48} /> : value}
        </Typography>
      </Box>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

export interface StatCardsProps {
  stats: PasswordStats;
  loading: boolean;
  /** The stats could not be loaded: a dash, not a count of 0 that the vault does not have. */
  failed?: boolean;
}

/** What a count reads when it is not known. */
const UNKNOWN = (
  <>
    <span aria-hidden>–</span>
    <Box component="span" sx={visuallyHiddenSx}>
      Not available
    </Box>
  </>
);

/** SPEC section 2: four stat cards; the Security Score is a fixed display, not computed. */
export function StatCards({ stats, loading, failed = false }: StatCardsProps) {
  const categories = Object.values(stats.categories).filter((count) => (count ?? 0) > 0).length;
  const count = (value: number) => (failed ? UNKNOWN : groupThousands(value));
  return (
    <Box
      component="section"
      aria-label="Vault statistics"
      sx={{
        display: 'grid',
        gap: 2,
        // Four across only where each card has room for its icon, its label and "100,000" (from lg; the
        // sidebar takes 248 px from md).
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <StatCard
        label="Total Passwords"
        value={count(stats.total)}
        icon={<KeyIcon />}
        color="primary"
        loading={loading}
        to="/passwords"
      />
      <StatCard
        label="Favorites"
        value={count(stats.favorites)}
        icon={<StarIcon />}
        color="warning"
        loading={loading}
      />
      <StatCard
        label="Categories"
        value={count(categories)}
        icon={<CategoryIcon />}
        color="info"
        loading={loading}
      />
      <StatCard
        label="Security Score"
        value={`${DASHBOARD_SECURITY_SCORE}%`}
        icon={<ShieldIcon />}
        color="success"
        loading={false}
      />
    </Box>
  );
}
