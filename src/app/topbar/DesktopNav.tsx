import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { NAV_ITEMS } from '../navItems';
import { UserSummary } from './UserSummary';
import { verticalRule } from './rules';
import { useLogout } from './useLogout';

const activeLink = { '&[aria-current="page"]': { color: 'primary.main', bgcolor: 'action.selected' } };

/** The top bar's links on wide windows: the three pages, the user and logout; or Login and Get Started. */
export function DesktopNav({ signedIn }: { signedIn: boolean }) {
  const logout = useLogout();
  if (!signedIn) {
    return (
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button component={RouterLink} to="/login" color="inherit">
          Login
        </Button>
        <Button component={RouterLink} to="/register" variant="contained">
          Get Started
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Box component="nav" aria-label="Primary" sx={{ display: 'flex', gap: 0.5 }}>
        {NAV_ITEMS.map((item) => (
          <Button key={item.to} component={NavLink} to={item.to} color="inherit" sx={activeLink}>
            {item.label}
          </Button>
        ))}
      </Box>
      <Box component="hr" aria-orientation="vertical" sx={verticalRule} />
      <UserSummary maxWidth={{ xs: 140, md: 180, lg: 300 }} />
      <IconButton color="inherit" aria-label="Log out" title="Log out" onClick={() => void logout()}>
        <LogoutOutlined />
      </IconButton>
    </Box>
  );
}
