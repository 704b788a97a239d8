import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { NavLink } from 'react-router-dom';
import { NAV_ITEMS } from '../navItems';
import { UserSummary } from './UserSummary';
import { useLogout } from './useLogout';

/** The narrow window's menu when signed in: the user, the three pages and logout. */
export default function SignedInMenu({ onClose }: { onClose: () => void }) {
  const logout = useLogout();
  return (
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
  );
}
