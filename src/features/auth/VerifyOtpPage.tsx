import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { VerifyOtpForm } from './VerifyOtpForm';
import { useHandedOverEmail } from './useHandedOverEmail';

/** SPEC section 2: /verify-otp needs the e-mail from registration; without it, an error and /register. */
export default function VerifyOtpPage() {
  const email = useHandedOverEmail();
  const { enqueueSnackbar } = useSnackbar();
  const warned = useRef(false);

  useEffect(() => {
    if (email || warned.current) return;
    warned.current = true;
    enqueueSnackbar('No email provided for verification', { variant: 'error' });
  }, [email, enqueueSnackbar]);

  if (!email) return <Navigate to="/register" replace />;
  return <VerifyOtpForm email={email} />;
}
