import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { VerifyOtpForm } from './VerifyOtpForm';
import { useHandedOverRegistration } from './useHandedOverEmail';

/**
 * SPEC section 2: /verify-otp needs the e-mail from registration (and with it the registration's handle,
 * which only this browser holds); without it, an error and /register.
 */
export default function VerifyOtpPage() {
  const registration = useHandedOverRegistration();
  const { enqueueSnackbar } = useSnackbar();
  const warned = useRef(false);

  useEffect(() => {
    if (registration || warned.current) return;
    warned.current = true;
    enqueueSnackbar('No email provided for verification', { variant: 'error' });
  }, [registration, enqueueSnackbar]);

  if (!registration) return <Navigate to="/register" replace />;
  return <VerifyOtpForm registration={registration} />;
}
