import { useState } from 'react';
import Link from '@mui/material/Link';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import type { LoginCredentials } from './authTypes';
import { LoginForm } from './LoginForm';
import { TwoFactorStep } from './TwoFactorStep';

/**
 * SPEC sections 2, 4 and 8: sign in; with two-factor on (issue 4), a second step asks for the code.
 * Between the steps the e-mail and password live in this component's state only (never the store),
 * and are forgotten on success or when the person goes back.
 */
export default function LoginPage() {
  const [challenge, setChallenge] = useState<LoginCredentials | null>(null);
  const [email, setEmail] = useState('');

  if (challenge) {
    return (
      <TwoFactorStep
        credentials={challenge}
        onSignedIn={() => setChallenge(null)}
        onBack={() => {
          setEmail(challenge.email);
          setChallenge(null);
        }}
      />
    );
  }

  return (
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
      <LoginForm initialEmail={email} onTwoFactor={setChallenge} />
    </AuthCard>
  );
}
