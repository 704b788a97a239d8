import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { selectIsAuthenticated } from '../../features/auth';
import { useAppSelector } from '../hooks';
import { MARKETING_POINTS } from './features';
import { FeatureCard } from './FeatureCard';

/** SPEC section 2: the landing page; signed in it offers the dashboard, signed out sign-up and sign-in. */
export default function LandingPage() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  return (
    <Box>
      <title>PassVault · Your passwords, on your own server</title>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          py: { xs: 7, md: 11 },
          textAlign: 'center',
          background: (theme) =>
            `radial-gradient(ellipse at top, ${theme.palette.mode === 'dark' ? 'rgba(165,180,252,0.16)' : 'rgba(67,56,202,0.10)'}, transparent 70%)`,
        }}
      >
        <Container maxWidth="md">
          <ShieldOutlined sx={{ fontSize: 56, color: 'primary.main', mb: 2 }} aria-hidden />
          <Typography
            id="landing-title"
            variant="h2"
            component="h1"
            sx={{ fontSize: { xs: '2.1rem', sm: '3rem', md: '3.5rem' }, mb: 2 }}
          >
            Your passwords, on your own server
          </Typography>
          <Typography
            variant="h6"
            component="p"
            sx={{
              color: 'text.secondary',
              fontWeight: 400,
              fontSize: { xs: '1.05rem', sm: '1.25rem' },
              mb: 4,
              maxWidth: 640,
              mx: 'auto',
            }}
          >
            PassVault is a self-hosted password manager. Save, find and copy your credentials from any
            browser, encrypted with a key that only your master password unlocks.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
            {signedIn ? (
              <Button component={RouterLink} to="/dashboard" variant="contained" size="large">
                Go to Dashboard
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to="/register" variant="contained" size="large">
                  Get Started Free
                </Button>
                <Button component={RouterLink} to="/login" variant="outlined" size="large">
                  Sign In
                </Button>
              </>
            )}
          </Box>
        </Container>
      </Box>
      <Container component="section" aria-label="Why PassVault" maxWidth="lg" sx={{ pb: { xs: 6, md: 10 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          }}
        >
          {MARKETING_POINTS.map((point) => (
            <FeatureCard key={point.title} {...point} />
          ))}
        </Box>
      </Container>
    </Box>
  );
}
