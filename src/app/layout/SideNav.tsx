import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { NavLink } from 'react-router-dom';
import { NAV_ITEMS, PRODUCT_NAME } from '../navItems';
import { SecurityScoreCard } from './SecurityScoreCard';

export const SIDEBAR_WIDTH = 248;

/** The side navigation's content: product name, the three pages and the Security Score card. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box
      component="nav"
      aria-label="Sidebar"
      sx={{ width: SIDEBAR_WIDTH, height: '100%', display: 'flex', flexDirection: 'column', p: 2, gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }}>
        <ShieldOutlined sx={{ color: 'primary.main' }} aria-hidden />
        <Typography variant="h6" component="p">
          {PRODUCT_NAME}
        </Typography>
      </Box>
      <List component="div" disablePadding sx={{ display: 'grid', gap: 0.5 }}>
        {NAV_ITEMS.map((item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            onClick={onNavigate}
            sx={{
              borderRadius: 2,
              '&[aria-current="page"]': {
                bgcolor: 'action.selected',
                color: 'primary.main',
                '& .MuiListItemIcon-root': { color: 'primary.main' },
              },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <SecurityScoreCard />
    </Box>
  );
}
