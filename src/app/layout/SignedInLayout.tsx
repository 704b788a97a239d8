import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import MenuOpen from '@mui/icons-material/MenuOpen';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { useCurrentUser } from '../../features/auth';
import { AutoLogout } from '../../features/settings';
import { useFocusMainAfterNavigation } from '../useFocusMainAfterNavigation';
import { useIsDesktop } from '../useIsDesktop';
import { useRefreshOnReturn } from '../useRefreshOnReturn';
import { SIDEBAR_WIDTH, SideNav } from './SideNav';

const SIDE_NAV_ID = 'side-navigation';

/** The shared layout of the signed-in pages: a fixed sidebar from 768 px, a drawer below, and the main area. */
export default function SignedInLayout() {
  // Holds the current user's cache entry for the whole signed-in session, whichever screens come and go.
  useCurrentUser();
  // A change made on another device shows when the person comes back to this tab.
  useRefreshOnReturn();
  const isDesktop = useIsDesktop();
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: a link click or a window >= 768 px closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  // Growing to the desktop width forgets the open drawer, so shrinking again does not reopen it.
  if (isDesktop && openOn !== null) setOpenOn(null);
  const drawerOpen = !isDesktop && openOn === pathname;
  const close = () => setOpenOn(null);
  const main = useFocusMainAfterNavigation<HTMLElement>();

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', minHeight: 'calc(100vh - 64px)' }}>
      <AutoLogout />
      {isDesktop ? (
        <Box
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 64,
            height: 'calc(100vh - 64px)',
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <SideNav />
        </Box>
      ) : (
        <Drawer
          open={drawerOpen}
          onClose={close}
          slotProps={{ paper: { 'aria-label': 'Navigation menu', id: SIDE_NAV_ID } }}
        >
          <SideNav onNavigate={close} />
        </Drawer>
      )}
      <Box
        component="main"
        ref={main}
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        {!isDesktop && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<MenuOpen />}
            aria-label="Open navigation menu"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? SIDE_NAV_ID : undefined}
            onClick={() => setOpenOn(pathname)}
            sx={{ mb: 2 }}
          >
            Menu
          </Button>
        )}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
