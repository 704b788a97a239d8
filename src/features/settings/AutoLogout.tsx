import { useEffect, useEffectEvent, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { endSession, keepSessionAlive } from '../auth';
import { getStoredToken } from '../../shared/api/tokenStorage';
import { DEFAULT_AUTO_LOGOUT, STORAGE_KEYS } from '../../common/constants';
import { useAppDispatch } from '../../app/hooks';
import { autoLogoutLabel } from './autoLogoutOptions';
import { useGetPreferencesQuery } from './settingsApi';
import { useIdleTimeout } from './useIdleTimeout';

export const SIGNED_OUT_ELSEWHERE = 'You were signed out in another tab.';

export function idleSignOutMessage(minutes: number): string {
  return `You were signed out after ${autoLogoutLabel(minutes)} of inactivity.`;
}

/**
 * Issue 4, auto-logout: after the chosen minutes without activity in any tab the session ends (the
 * server revokes the token), a toast says why and the user is on /login. A sign-out in another tab
 * signs this one out too. Mount it once, inside the signed-in layout; it renders nothing.
 */
export function AutoLogout() {
  const { data } = useGetPreferencesQuery();
  const minutes = data?.autoLogout ?? DEFAULT_AUTO_LOGOUT;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const ending = useRef(false);

  const signOut = async (message: string) => {
    if (ending.current) return;
    ending.current = true;
    try {
      await dispatch(endSession());
      enqueueSnackbar(message, { variant: 'warning' });
      await navigate('/login', { replace: true });
    } finally {
      ending.current = false;
    }
  };

  useIdleTimeout(
    minutes * 60_000,
    () => {
      if (getStoredToken()) void signOut(idleSignOutMessage(minutes));
    },
    () => {
      // A failed heartbeat changes nothing here; a 401 from it signs out by SPEC section 8's rule.
      if (getStoredToken()) void dispatch(keepSessionAlive());
    },
  );

  // The `storage` event fires in every other tab when one removes the token (logout, lockout, idle).
  const onStorage = useEffectEvent((event: StorageEvent) => {
    const tokenGone = event.key === STORAGE_KEYS.token || event.key === null;
    if (tokenGone && !getStoredToken()) void signOut(SIGNED_OUT_ELSEWHERE);
  });
  useEffect(() => {
    const listener = (event: StorageEvent) => onStorage(event);
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  }, []);

  return null;
}
