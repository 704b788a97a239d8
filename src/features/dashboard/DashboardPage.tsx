import { useEffect } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { messageOf } from '../../shared/api/errorText';
import { useGetPasswordStatsQuery, useGetPasswordsQuery, usePasswordEditor } from '../vault';
import { DASHBOARD_RECENT_ENTRIES } from '../../common/constants';
import type { PasswordEntry, PasswordStats } from '../../common/wire';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RetryAlert } from '../../shared/ui/RetryAlert';
import { SectionErrorBoundary } from '../../shared/ui/SectionErrorBoundary';
import { MasterPasswordPromptProvider } from '../masterPassword';
import { CategoryBreakdown } from './CategoryBreakdown';
import { HealthPanel } from './HealthPanel';
import { RecentPasswords } from './RecentPasswords';
import { RECENT_QUERY } from './recentQuery';
import { StatCards } from './StatCards';

const EMPTY_STATS: PasswordStats = { total: 0, favorites: 0, categories: {} };
const NO_ENTRIES: PasswordEntry[] = [];

function DashboardView() {
  const stats = useGetPasswordStatsQuery();
  const recent = useGetPasswordsQuery(RECENT_QUERY);
  const editor = usePasswordEditor();
  const { enqueueSnackbar } = useSnackbar();
  const failure = stats.error ?? recent.error;
  const failureText = failure ? `Failed to load dashboard data: ${messageOf(failure)}` : null;
  // SPEC section 8: on failure the stats and the list are reset to empty.
  const statsData = stats.isError ? EMPTY_STATS : (stats.data ?? EMPTY_STATS);
  const recentData = recent.isError
    ? NO_ENTRIES
    : (recent.data ?? NO_ENTRIES).slice(0, DASHBOARD_RECENT_ENTRIES);

  const retry = () => {
    if (stats.isError) void stats.refetch();
    if (recent.isError) void recent.refetch();
  };

  // One toast for the failure, however many of the dashboard's requests it took; the banner stays.
  useEffect(() => {
    if (failureText) enqueueSnackbar(failureText, { variant: 'error', preventDuplicate: true });
  }, [failureText, enqueueSnackbar]);

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 3 }}>
      <PageHeader
        title="Dashboard"
        subtitle="An overview of your vault"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={editor.openCreate}>
            Add Password
          </Button>
        }
      />
      {failureText && (
        <RetryAlert onRetry={retry} retrying={stats.isFetching || recent.isFetching}>
          {failureText}
        </RetryAlert>
      )}
      <SectionErrorBoundary name="Statistics">
        <StatCards stats={statsData} loading={stats.isLoading} failed={stats.isError} />
      </SectionErrorBoundary>
      <SectionErrorBoundary name="Password health">
        <HealthPanel />
      </SectionErrorBoundary>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <SectionErrorBoundary name="Recent Passwords">
          <RecentPasswords entries={recentData} loading={recent.isLoading} failed={recent.isError} />
        </SectionErrorBoundary>
        <SectionErrorBoundary name="Categories">
          <CategoryBreakdown stats={statsData} loading={stats.isLoading} failed={stats.isError} />
        </SectionErrorBoundary>
      </Box>
      {editor.dialog}
    </Box>
  );
}

/** SPEC section 2, Dashboard. */
export default function DashboardPage() {
  return (
    <MasterPasswordPromptProvider>
      <DashboardView />
    </MasterPasswordPromptProvider>
  );
}
