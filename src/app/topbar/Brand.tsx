import Box from '@mui/material/Box';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../navItems';

/** The product name with its mark, linking home. */
export function Brand() {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${PRODUCT_NAME} home`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: '1.2rem',
        letterSpacing: '-0.01em',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <ShieldOutlined sx={{ color: 'primary.main' }} aria-hidden />
      {PRODUCT_NAME}
    </Box>
  );
}
