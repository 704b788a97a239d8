import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession } from '../../api/session';
import { useAppDispatch } from '../hooks';

/** Logout returns to / (SPEC section 2): go home first, then end the session on the server and here. */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate('/');
    await dispatch(endSession());
  }, [dispatch, navigate]);
}
