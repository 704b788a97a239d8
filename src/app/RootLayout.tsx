import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../shared/ui/PageSpinner';
import { ToastPlacement } from '../shared/ui/ToastPlacement';
import { selectIsAuthenticated, selectSessionLoading, selectSessionUnreachable } from '../features/auth';
import { SessionUnreachable } from '../features/auth';
import { useAppSelector } from './hooks';
import { useSignedInPaintHeld } from './signedInCode';
import { SkipLink } from './SkipLink';
import { TopBar } from './topbar/TopBar';

/** Every screen: only a spinner while the session is determined, then the top bar and the page. */
export function RootLayout() {
  const loading = useAppSelector(selectSessionLoading);
  const unreachable = useAppSelector(selectSessionUnreachable);
  const signedIn = useAppSelector(selectIsAuthenticated);
  // A signed-in reload shows the page in one go, once its code and data are here (signedInCode.ts).
  const held = useSignedInPaintHeld();
  if (loading || (signedIn && held)) return <PageSpinner fullScreen label="Loading your session" />;
  if (unreachable) return <SessionUnreachable />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <TopBar />
      <ToastPlacement />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
