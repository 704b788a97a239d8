import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { isAccountPasswordReason } from '../../common/accountPassword';
import { isApiFailure, messageOf } from '../../shared/api/errorText';
import { endSession } from '../auth';
import { useAppDispatch } from '../../app/hooks';
import { settingsApi, type AccountDeletion } from './settingsApi';
import { useMasterPasswordOutcome } from '../masterPassword';

export type DeletionField = keyof AccountDeletion;

/**
 * done: the step went through (the passwords are right, or the account is gone); wrong: `field` holds
 * the wrong password and `message` says so; lockedOut: the sign-out is under way; failed: something
 * else went wrong, and a toast said what.
 */
export type DeletionOutcome =
  | { kind: 'done' }
  | { kind: 'wrong'; field: DeletionField; message: string }
  | { kind: 'lockedOut' }
  | { kind: 'failed' };

export const DELETE_FAILED = 'Failed to delete account';

/**
 * SPEC sections 5 and 8, Account deletion, in two steps: `check` asks the server whether both passwords
 * are right (deleting nothing), so the final question comes only after that; `remove` deletes, the
 * server checking both again. A wrong master password counts with every other attempt.
 */
export function useDeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const outcome = useMasterPasswordOutcome();
  const { lockedOut, accepted, failed } = outcome;

  const refused = useCallback(
    (error: unknown): DeletionOutcome => {
      if (isApiFailure(error) && isAccountPasswordReason(error.reason)) {
        return { kind: 'wrong', field: 'password', message: error.message };
      }
      const failure = failed(error);
      if (failure.kind === 'lockedOut') return { kind: 'lockedOut' };
      if (failure.kind === 'wrong' || failure.kind === 'paused') {
        return { kind: 'wrong', field: 'masterPassword', message: failure.message };
      }
      enqueueSnackbar(messageOf(error, DELETE_FAILED), { variant: 'error' });
      return { kind: 'failed' };
    },
    [enqueueSnackbar, failed],
  );

  const check = useCallback(
    async (credentials: AccountDeletion): Promise<DeletionOutcome> => {
      if (lockedOut) return { kind: 'lockedOut' };
      try {
        await dispatch(
          settingsApi.endpoints.checkAccountDeletion.initiate(credentials, { track: false }),
        ).unwrap();
      } catch (error) {
        return refused(error);
      }
      accepted();
      return { kind: 'done' };
    },
    [accepted, dispatch, lockedOut, refused],
  );

  const remove = useCallback(
    async (credentials: AccountDeletion): Promise<DeletionOutcome> => {
      if (lockedOut) return { kind: 'lockedOut' };
      try {
        await dispatch(settingsApi.endpoints.deleteAccount.initiate(credentials, { track: false })).unwrap();
      } catch (error) {
        return refused(error);
      }
      enqueueSnackbar('Account deleted successfully', { variant: 'success' });
      // Home first (a public page), then forget the session: no guard bounces us to /login. flushSync:
      // the router otherwise commits '/' in a transition, and a session that ends before that commit
      // re-renders the private page signed out, whose guard then sends us to /login instead.
      await navigate('/', { replace: true, flushSync: true });
      await dispatch(endSession());
      return { kind: 'done' };
    },
    [dispatch, enqueueSnackbar, lockedOut, navigate, refused],
  );

  return { check, remove };
}
