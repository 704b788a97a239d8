import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { isApiFailure } from '../../api/errorText';
import { endSession } from '../../api/session';
import { REDIRECT_DELAY_MS } from '../../common/constants';
import { useThunkDispatch } from '../useThunkDispatch';
import {
  LOCKOUT_LOGIN_MESSAGE,
  LOCKOUT_TOAST,
  invalidMasterPasswordMessage,
  masterPasswordAttemptFailed,
  masterPasswordVerified,
  selectAttemptsRemaining,
  type MasterPasswordState,
} from './masterPasswordEvents';

/** The server's 401 for a wrong master password (a 401 about the token says 'Token ...' instead). */
export function isWrongMasterPassword(error: unknown): boolean {
  return isApiFailure(error) && error.status === 401 && /master password/i.test(error.message);
}

/**
 * SPEC section 4: the attempts shared by every master-password dialog. A success starts the count again;
 * the last failure shows the lockout toast and signs out 2 s later.
 */
export function useMasterPasswordAttempts() {
  const dispatch = useThunkDispatch();
  const store = useStore<{ masterPassword: MasterPasswordState }>();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();

  const accepted = useCallback(() => {
    dispatch(masterPasswordVerified());
  }, [dispatch]);

  /**
   * Counts one wrong attempt. Returns 'Invalid master password. N attempts remaining.', or null when the
   * attempts are exhausted and the sign-out has been scheduled (the caller closes its dialog).
   */
  const rejected = useCallback((): string | null => {
    if (store.getState().masterPassword.lockedOut) return null;
    dispatch(masterPasswordAttemptFailed());
    const remaining = selectAttemptsRemaining(store.getState());
    if (remaining > 0) return invalidMasterPasswordMessage(remaining);
    enqueueSnackbar(LOCKOUT_TOAST, { variant: 'error' });
    // Deliberately not cancelled when the screen goes away: the sign-out must happen.
    setTimeout(() => {
      void dispatch(endSession()).then(() => {
        enqueueSnackbar(LOCKOUT_LOGIN_MESSAGE, { variant: 'warning' });
        void navigate('/login', { replace: true });
      });
    }, REDIRECT_DELAY_MS);
    return null;
  }, [dispatch, enqueueSnackbar, navigate, store]);

  const lockedOut = useCallback(() => store.getState().masterPassword.lockedOut, [store]);

  return { accepted, rejected, lockedOut };
}
