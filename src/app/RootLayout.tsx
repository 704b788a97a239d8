import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { selectSessionLoading } from '../features/auth/authSelectors';
import { useAppSelector } from './hooks';
import { SkipLink } from './SkipLink';
import { TopBar } from './topbar/TopBar';

/** Every screen: only a spinner while the session is determined, then the top bar and the page. */
export function RootLayout() {
  const loading = useAppSelector(selectSessionLoading);
  if (loading) return <PageSpinner fullScreen label="Loading your session" />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <TopBar />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
