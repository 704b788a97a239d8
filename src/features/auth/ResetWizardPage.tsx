import { Navigate } from 'react-router-dom';
import { ResetWizard } from './ResetWizard';
import { useHandedOverEmail } from './useHandedOverEmail';

/** SPEC section 2: /forgot-password-otp needs an e-mail; without it the user goes to /forgot-password. */
export default function ResetWizardPage() {
  const email = useHandedOverEmail();
  if (!email) return <Navigate to="/forgot-password" replace />;
  return <ResetWizard initialEmail={email} />;
}
