import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { Link as RouterLink } from 'react-router-dom';
import { lazyWithPreload } from '../../shared/ui/lazyWithPreload';
import { horizontalRule } from './rules';

export const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The signed-in menu's list: kept out of a cold /login; the top bar fetches it once signed in, and opens
 * the menu only once it is there (rendered at once then, without a fallback).
 */
const SignedInMenu = lazyWithPreload(() => import('./SignedInMenu'));
export const loadSignedInMenu = SignedInMenu.load;

interface MobileMenuProps {
  open: boolean;
  signedIn: boolean;
  onClose: () => void;
}

/** The collapsible menu of the top bar on narrow windows. */
export function MobileMenu({ open, signedIn, onClose }: MobileMenuProps) {
  return (
    <Collapse in={open} id={MOBILE_MENU_ID} unmountOnExit>
      <Box component="hr" sx={horizontalRule} />
      {signedIn ? (
        <Suspense fallback={null}>
          <SignedInMenu onClose={onClose} />
        </Suspense>
      ) : (
        <Box sx={{ display: 'grid', gap: 1, p: 2 }}>
          <Button component={RouterLink} to="/login" variant="outlined" onClick={onClose}>
            Login
          </Button>
          <Button component={RouterLink} to="/register" variant="contained" onClick={onClose}>
            Get Started
          </Button>
        </Box>
      )}
    </Collapse>
  );
}
