import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

export function BackToLogin() {
  return (
    <>
      Remembered it?{' '}
      <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
        Back to sign in
      </Link>
    </>
  );
}
