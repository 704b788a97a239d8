import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useAppDispatch } from '../../app/hooks';
import { restoreSession } from './authSlice';

/**
 * The session could not be determined (offline, the server down or restarting): the stored token is
 * kept, and the person retries, or the app does when the browser comes back online.
 */
export function SessionUnreachable() {
  const dispatch = useAppDispatch();
  const retry = () => void dispatch(restoreSession());

  useEffect(() => {
    const onOnline = () => void dispatch(restoreSession());
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [dispatch]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 460, textAlign: 'center' }}>
        <CloudOffOutlined color="action" sx={{ fontSize: 48, mb: 2 }} aria-hidden />
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          Can&apos;t reach PassVault
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Check your connection and try again. You are still signed in.
        </Typography>
        <Button variant="contained" size="large" onClick={retry} autoFocus>
          Retry
        </Button>
      </Paper>
    </Box>
  );
}
