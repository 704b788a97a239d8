import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession } from '../../features/auth';
import { useAppDispatch } from '../hooks';

/** Logout returns to / (SPEC section 2): go home first, then end the session on the server and here. */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    // flushSync: the landing page must be rendered before the session ends, or the private page's guard
    // (still on screen in a low-priority transition) would send the user to /login instead.
    await navigate('/', { flushSync: true });
    await dispatch(endSession());
    // The logout button went with the session: the focus goes to the landing page, not nowhere.
    if (document.activeElement === document.body) document.getElementById('main-content')?.focus();
  }, [dispatch, navigate]);
}
