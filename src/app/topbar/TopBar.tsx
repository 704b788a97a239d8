import { Suspense, useEffect, useRef, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { useLocation } from 'react-router-dom';
import { selectIsAuthenticated } from '../../features/auth';
import { ThemeToggle } from '../../features/theme';
import { useAppSelector } from '../hooks';
import { useIsDesktop } from '../useIsDesktop';
import { prefetchCode, useCodeBeforeOpening } from '../../shared/ui/lazyOnFirstUse';
import { Brand } from './Brand';
import { DesktopNav } from './DesktopNav';
import { loadSignedInMenu, MOBILE_MENU_ID, MobileMenu } from './MobileMenu';
import { LockNowButton } from '../signedInCode';

/**
 * The top bar: brand, links (or a collapsible menu below 768 px), "Lock now" while the vault is
 * unlocked in this tab (issue 15) and the theme toggle.
 */
export function TopBar() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const isDesktop = useIsDesktop();
  const { pathname } = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the page it was opened on: navigating or widening the window closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (isDesktop && openOn !== null) setOpenOn(null);
  const menuOpen = !isDesktop && openOn === pathname;

  // Signed in on a narrow window: the menu's list is fetched now, so the first open shows it at once.
  // Should that fail (offline, or a newer build replaced it), opening asks again, and says so if it
  // cannot be had, instead of the route's error view replacing the page.
  useEffect(() => {
    if (signedIn && !isDesktop) prefetchCode(loadSignedInMenu);
  }, [signedIn, isDesktop]);
  const signedInMenuReady = useCodeBeforeOpening(loadSignedInMenu);
  const toggleMenu = async () => {
    if (menuOpen) {
      setOpenOn(null);
      return;
    }
    if (signedIn && !(await signedInMenuReady())) return;
    setOpenOn(pathname);
  };

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60, sm: 64 } }}>
        <Brand />
        <Box sx={{ flexGrow: 1 }} />
        {signedIn && (
          <Suspense fallback={null}>
            <LockNowButton />
          </Suspense>
        )}
        {isDesktop && <DesktopNav signedIn={signedIn} />}
        <ThemeToggle />
        {!isDesktop && (
          <IconButton
            ref={toggleRef}
            color="inherit"
            edge="end"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
            onClick={() => void toggleMenu()}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        )}
      </Toolbar>
      {!isDesktop && <MobileMenu open={menuOpen} signedIn={signedIn} onClose={() => setOpenOn(null)} />}
    </AppBar>
  );
}
