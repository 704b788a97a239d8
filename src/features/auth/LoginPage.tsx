import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { prefetchCode, useCodeBeforeOpening } from '../../shared/ui/lazyOnFirstUse';
import { lazyWithPreload } from '../../shared/ui/lazyWithPreload';
import { selectSessionEndedByServer } from './authSelectors';
import { AuthCard } from './AuthCard';
import type { LoginCredentials } from './authTypes';
import { LoginForm } from './LoginForm';

// Only accounts with two-factor see the second step: it loads while the person types, not before the
// form is up (a cold /login carries only what the form needs), and it shows once that code is here.
const TwoFactorStep = lazyWithPreload(() =>
  import('./TwoFactorStep').then((module) => ({ default: module.TwoFactorStep })),
);

const SESSION_ENDED_NOTICE =
  'Your session has ended, on another device or because it expired. Please sign in again.';

/**
 * Why a person who did not sign out is here: a box of plain elements (a cold /login carries only what the
 * form needs), read out when it appears.
 */
function SessionEndedNotice() {
  return (
    <Box
      role="status"
      sx={{
        mb: 2.5,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'info.main',
        bgcolor: 'action.hover',
        typography: 'body2',
      }}
    >
      {SESSION_ENDED_NOTICE}
    </Box>
  );
}

/**
 * SPEC sections 2, 4 and 8: sign in; with two-factor on (issue 4), a second step asks for the code.
 * Between the steps the e-mail and password live in this component's state only (never the store),
 * and are forgotten on success or when the person goes back.
 */
export default function LoginPage() {
  const [challenge, setChallenge] = useState<LoginCredentials | null>(null);
  const [email, setEmail] = useState('');
  const prefetchTwoFactorStep = () => prefetchCode(TwoFactorStep.load);
  const twoFactorStepReady = useCodeBeforeOpening(TwoFactorStep.load);
  /** The code step, once its code is here; else a toast said why, and the form keeps what was typed. */
  const openTwoFactorStep = async (credentials: LoginCredentials) => {
    if (!(await twoFactorStepReady())) return false;
    setChallenge(credentials);
    return true;
  };
  const endedByServer = useAppSelector(selectSessionEndedByServer);

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          credentials={challenge}
          onSignedIn={() => setChallenge(null)}
          onBack={() => {
            setEmail(challenge.email);
            setChallenge(null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <Box
      sx={{ display: 'contents' }}
      onInputCapture={prefetchTwoFactorStep}
      onSubmitCapture={prefetchTwoFactorStep}
    >
      <AuthCard
        icon={<LockOutlined />}
        title="Welcome back"
        subtitle="Sign in to your PassVault account"
        footer={
          <>
            Don&apos;t have an account?{' '}
            <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
              Create one
            </Link>
          </>
        }
      >
        {endedByServer && <SessionEndedNotice />}
        <LoginForm initialEmail={email} onTwoFactor={openTwoFactorStep} />
      </AuthCard>
    </Box>
  );
}
