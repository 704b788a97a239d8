import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { RESEND_COOLDOWN_SECONDS } from '../../common/constants';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from './authApi';
import type { PendingRegistration } from './authTypes';
import { cooldownOf, failureText } from './failureText';
import { useCountdown } from '../../shared/ui/useCountdown';
import { useDelayedNavigate } from './useDelayedNavigate';

/** SPEC section 4, registration step 4: resend blocked for 60 s; 'already' sends the user to login. */
export function useRegistrationResend(registration: PendingRegistration) {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const { remaining, restart } = useCountdown(RESEND_COOLDOWN_SECONDS);
  const { navigateLater, pending: redirecting } = useDelayedNavigate();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      await dispatch(
        authApi.endpoints.resendRegistrationOtp.initiate(registration, { track: false }),
      ).unwrap();
      enqueueSnackbar('New verification code sent to your email!', { variant: 'success' });
      restart();
    } catch (error) {
      const text = failureText(error, 'Failed to resend verification code');
      if (/already/i.test(text)) {
        enqueueSnackbar('Registration already completed. Redirecting to login...', { variant: 'info' });
        navigateLater('/login');
      } else {
        enqueueSnackbar(text, { variant: 'error' });
        const wait = cooldownOf(error);
        if (wait) restart(wait);
      }
    } finally {
      setBusy(false);
    }
  };

  return { remaining, busy, redirecting, send };
}
