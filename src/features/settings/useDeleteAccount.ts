import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { messageOf } from '../../shared/api/errorText';
import { endSession } from '../auth';
import { useAppDispatch } from '../../app/hooks';
import { settingsApi, type AccountDeletion } from './settingsApi';
import { useMasterPasswordOutcome } from '../masterPassword';

/** deleted: the session is over; retry: the dialog stays; lockedOut: the sign-out is under way. */
export type AccountDeletionOutcome = 'deleted' | 'retry' | 'lockedOut';

/** SPEC section 8, Account deletion; a wrong master password counts with every other attempt. */
export function useDeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const outcome = useMasterPasswordOutcome();

  return useCallback(
    async (credentials: AccountDeletion): Promise<AccountDeletionOutcome> => {
      if (outcome.lockedOut) return 'lockedOut';
      try {
        await dispatch(settingsApi.endpoints.deleteAccount.initiate(credentials, { track: false })).unwrap();
      } catch (error) {
        const failure = outcome.failed(error);
        if (failure.kind === 'lockedOut') return 'lockedOut';
        if (failure.kind !== 'other') return 'retry';
        enqueueSnackbar(messageOf(error, 'Failed to delete account'), { variant: 'error' });
        return 'retry';
      }
      enqueueSnackbar('Account deleted successfully', { variant: 'success' });
      // Home first (a public page), then forget the session: no guard bounces us to /login. flushSync:
      // the router otherwise commits '/' in a transition, and a session that ends before that commit
      // re-renders the private page signed out, whose guard then sends us to /login instead.
      await navigate('/', { replace: true, flushSync: true });
      await dispatch(endSession());
      return 'deleted';
    },
    [dispatch, enqueueSnackbar, navigate, outcome],
  );
}
