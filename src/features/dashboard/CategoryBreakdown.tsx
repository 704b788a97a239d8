import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PasswordStats } from '../../common/wire';
import { categoryColor, categoryLabel } from '../../shared/ui/categories';
import { SectionHeader } from './SectionHeader';
import { SectionUnavailable } from './SectionUnavailable';
import { groupThousands } from '../../common/numbers';

export interface CategoryBreakdownProps {
  stats: PasswordStats;
  loading: boolean;
  /** The stats could not be loaded: says so instead of 'No categories yet'. */
  failed?: boolean;
}

/** SPEC section 2: how many entries each category holds, largest first. */
export function CategoryBreakdown({ stats, loading, failed = false }: CategoryBreakdownProps) {
  const rows = Object.entries(stats.categories)
    .filter(([, count]) => (count ?? 0) > 0)
    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0)) as [string, number][];
  const total = stats.total || rows.reduce((sum, [, count]) => sum + count, 0);
  return (
    <Card variant="outlined" component="section" aria-labelledby="categories-title" sx={{ height: '100%' }}>
      <CardContent>
        <SectionHeader id="categories-title" title="Categories Breakdown" />
        {loading ? (
          Array.from({ length: 3 }, (_, index) => <Skeleton key={index} height={40} />)
        ) : failed ? (
          <SectionUnavailable what="Your categories" />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            No categories yet
          </Typography>
        ) : (
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
            {rows.map(([category, count]) => (
              <Box component="li" key={category}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
                  <Typography variant="body2">{categoryLabel(category)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {groupThousands(count)}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={total ? (count / total) * 100 : 0}
                  color={categoryColor(category)}
                  aria-label={`${categoryLabel(category)}: ${groupThousands(count)} of ${groupThousands(total)}`}
                  sx={{ height: 8, borderRadius: 4 }}
                />
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
