import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { NAV_ITEMS } from '../navItems';
import { UserSummary } from './UserSummary';
import { useLogout } from './useLogout';

export const MOBILE_MENU_ID = 'mobile-menu';

interface MobileMenuProps {
  open: boolean;
  signedIn: boolean;
  onClose: () => void;
}

/** The collapsible menu of the top bar on narrow windows. */
export function MobileMenu({ open, signedIn, onClose }: MobileMenuProps) {
  const logout = useLogout();
  return (
    <Collapse in={open} id={MOBILE_MENU_ID} unmountOnExit>
      <Divider />
      {signedIn ? (
        <Box component="nav" aria-label="Mobile" sx={{ px: 1, py: 1.5 }}>
          <Box sx={{ px: 1.5, pb: 1.5 }}>
            <UserSummary maxWidth="70vw" />
          </Box>
          <List component="div" disablePadding>
            {NAV_ITEMS.map((item) => (
              <ListItemButton
                key={item.to}
                component={NavLink}
                to={item.to}
                onClick={onClose}
                sx={{ borderRadius: 2, '&[aria-current="page"]': { bgcolor: 'action.selected' } }}
              >
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
            <ListItemButton sx={{ borderRadius: 2 }} onClick={() => void logout()}>
              <ListItemIcon>
                <LogoutOutlined />
              </ListItemIcon>
              <ListItemText primary="Log out" />
            </ListItemButton>
          </List>
        </Box>
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
