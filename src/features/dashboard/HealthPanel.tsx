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
import HistoryToggleOffIcon from '@mui/icons-material/HistoryToggleOff';
import RepeatIcon from '@mui/icons-material/Repeat';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { HealthFilterName, VaultHealth } from '../../common/wire';
import { messageOf } from '../../shared/api/errorText';
import { healthFilterPath, useGetVaultHealthQuery } from '../vault';
import { SectionHeader } from './SectionHeader';
import { RetryAlert } from '../../shared/ui/RetryAlert';
import { countBoxSx, countFontSize } from '../../shared/ui/countSize';
import { groupThousands } from '../../common/numbers';

type Color = 'error' | 'warning' | 'info';

const KINDS: { name: HealthFilterName; label: string; hint: string; color: Color; icon: ReactNode }[] = [
  { name: 'weak', label: 'Weak', hint: 'Easy to guess', color: 'error', icon: <WarningAmberIcon /> },
  {
    name: 'reused',
    label: 'Reused',
    hint: 'Used in more than one entry',
    color: 'warning',
    icon: <RepeatIcon />,
  },
  {
    name: 'old',
    label: 'Old',
    hint: 'Not changed for over a year',
    color: 'info',
    icon: <HistoryToggleOffIcon />,
  },
];

function summary(health: VaultHealth | undefined): string {
  if (!health) return '';
  if (health.total === 0) return 'Add passwords to see how healthy they are.';
  if (health.weak + health.reused + health.old === 0) return 'No weak, reused or old passwords. Well done!';
  return 'Open a count to see those passwords and replace them.';
}

/** Issue 14: how many passwords are weak, reused or old; each count opens the Passwords page filtered. */
export function HealthPanel() {
  const health = useGetVaultHealthQuery();
  return (
    <Card component="section" aria-labelledby="password-health-title">
      <CardContent>
        <SectionHeader id="password-health-title" title="Password health" />
        {health.isError ? (
          <RetryAlert onRetry={() => void health.refetch()} retrying={health.isFetching}>
            {`Failed to load password health: ${messageOf(health.error)}`}
          </RetryAlert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2, minHeight: '1.43em' }}>
              {health.isLoading ? <Skeleton width={240} /> : summary(health.data)}
            </Typography>
            <Box
              component="ul"
              sx={{
                display: 'grid',
                gap: { xs: 1, sm: 2 },
                gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
                listStyle: 'none',
                m: 0,
                p: 0,
              }}
            >
              {KINDS.map((kind) => (
                <li key={kind.name}>
                  <Card sx={{ height: '100%' }}>
                    <CardActionArea
                      component={RouterLink}
                      to={healthFilterPath(kind.name)}
                      sx={{ height: '100%', p: { xs: 1.25, sm: 2 }, ...countBoxSx }}
                    >
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Avatar
                          aria-hidden
                          variant="rounded"
                          sx={(theme) => ({
                            width: 32,
                            height: 32,
                            bgcolor: alpha(theme.palette[kind.color].main, 0.15),
                            color: `${kind.color}.main`,
                            display: { xs: 'none', sm: 'flex' },
                            '& svg': { fontSize: 20 },
                          })}
                        >
                          {kind.icon}
                        </Avatar>
                        <Typography component="h3" variant="body2" sx={{ fontWeight: 600 }}>
                          {kind.label}
                        </Typography>
                      </Box>
                      <Typography
                        variant="h4"
                        component="p"
                        sx={{ fontWeight: 700, mt: 0.5, fontSize: countFontSize('2.125rem') }}
                      >
                        {health.isLoading ? (
                          <Skeleton width={40} />
                        ) : (
                          groupThousands(health.data?.[kind.name] ?? 0)
                        )}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="p">
                        {kind.hint}
                      </Typography>
                    </CardActionArea>
                  </Card>
                </li>
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
