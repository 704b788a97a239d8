import { Navigate, useLocation } from 'react-router-dom';
import { ResetWizard } from './ResetWizard';
import { useHandedOverEmail } from './useHandedOverEmail';

/** SPEC section 2: /forgot-password-otp needs an e-mail; without it the user goes to /forgot-password. */
export default function ResetWizardPage() {
  const email = useHandedOverEmail();
  const state: unknown = useLocation().state;
  const cooldown =
    state && typeof state === 'object' && 'cooldown' in state && typeof state.cooldown === 'number'
      ? state.cooldown
      : undefined;
  if (!email) return <Navigate to="/forgot-password" replace />;
  return <ResetWizard initialEmail={email} initialCooldown={cooldown} />;
}
