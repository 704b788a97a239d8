// The one place where the answer to a master password is understood, whichever screen sent it (the
// dialog, export/import, the settings forms). The server counts: its answer updates the cached status
// that every dialog shows, a wrong password is toasted with what remains (the toast closes once one is
// accepted), the session's last attempt signs out 2 s later (SPEC section 4), and a paused account is
// sent to the unlock step.
import { useCallback } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { isApiFailure, type ApiFailure } from '../../shared/api/errorText';
import { useAttemptToasts } from '../../shared/ui/useAttemptToasts';
import { endSession } from '../auth';
import { MAX_MASTER_PASSWORD_ATTEMPTS, REDIRECT_DELAY_MS } from '../../common/constants';
import type { MasterPasswordStatus } from '../../common/wire';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { masterPasswordApi } from './masterPasswordApi';
import { masterPasswordLockedOut, selectMasterPasswordLockedOut } from './masterPasswordSlice';
import {
  invalidMasterPasswordMessage,
  LOCKOUT_LOGIN_MESSAGE,
  LOCKOUT_TOAST,
  REASONS,
} from './masterPasswordTexts';

export type MasterPasswordFailure =
  /** Wrong, with attempts left: the dialog stays open and shows `message`. */
  | { kind: 'wrong'; message: string }
  /** The session's last attempt: the sign-out is scheduled; close whatever asked. */
  | { kind: 'lockedOut' }
  /** Unlocking is paused for the account: show the unlock step. */
  | { kind: 'paused'; message: string }
  /** Not about the master password (the network, a 5xx, a refused field): the caller's to show. */
  | { kind: 'other' };

const selectStatus = masterPasswordApi.endpoints.getMasterPasswordStatus.select();
type StatusState = Parameters<typeof selectStatus>[0];

/** Writes what the server said into the cached status, whether or not a screen has fetched it yet. */
const patchStatus =
  (next: (current: MasterPasswordStatus) => MasterPasswordStatus) =>
  (dispatch: ThunkDispatch<StatusState, unknown, UnknownAction>, getState: () => StatusState) => {
    const current = selectStatus(getState()).data ?? { attemptsRemaining: MAX_MASTER_PASSWORD_ATTEMPTS };
    void dispatch(
      masterPasswordApi.util.upsertQueryData('getMasterPasswordStatus', undefined, next(current)),
    );
  };

const isMasterPasswordAnswer = (error: ApiFailure) =>
  error.status === 401 && /master password/i.test(error.message);

export function useMasterPasswordOutcome() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { attemptFailed, attemptsAnswered } = useAttemptToasts();
  const lockedOut = useAppSelector(selectMasterPasswordLockedOut);

  const accepted = useCallback(() => {
    attemptsAnswered();
    dispatch(patchStatus(() => ({ attemptsRemaining: MAX_MASTER_PASSWORD_ATTEMPTS })));
  }, [attemptsAnswered, dispatch]);

  const signOutSoon = useCallback(() => {
    enqueueSnackbar(LOCKOUT_TOAST, { variant: 'error' });
    dispatch(masterPasswordLockedOut());
    // Deliberately not cancelled when the screen goes away: the sign-out must happen.
    setTimeout(() => {
      void dispatch(endSession()).then(() => {
        enqueueSnackbar(LOCKOUT_LOGIN_MESSAGE, { variant: 'warning' });
        void navigate('/login', { replace: true });
      });
    }, REDIRECT_DELAY_MS);
  }, [dispatch, enqueueSnackbar, navigate]);

  const failed = useCallback(
    (error: unknown): MasterPasswordFailure => {
      if (!isApiFailure(error)) return { kind: 'other' };
      if (error.reason === REASONS.sessionEnded) {
        signOutSoon();
        return { kind: 'lockedOut' };
      }
      if (error.status === 429 && error.reason === REASONS.paused) {
        const until = new Date(Date.now() + (error.retryAfterSeconds ?? 86_400) * 1000).toISOString();
        dispatch(patchStatus((current) => ({ ...current, pausedUntil: until })));
        enqueueSnackbar(error.message, { variant: 'error' });
        return { kind: 'paused', message: error.message };
      }
      if (isMasterPasswordAnswer(error) && typeof error.attemptsRemaining === 'number') {
        const remaining = error.attemptsRemaining;
        dispatch(patchStatus((current) => ({ ...current, attemptsRemaining: remaining })));
        const message = invalidMasterPasswordMessage(remaining);
        attemptFailed(message);
        return { kind: 'wrong', message };
      }
      return { kind: 'other' };
    },
    [attemptFailed, dispatch, enqueueSnackbar, signOutSoon],
  );

  return { accepted, failed, lockedOut };
}

/**
 * The server's count for this session and whether unlocking is paused, as every dialog shows them.
 * `skip` until the screen asks for the master password: a page that may never ask sends no request.
 */
export function useMasterPasswordStatus(options: { skip?: boolean } = {}) {
  const { data } = masterPasswordApi.useGetMasterPasswordStatusQuery(undefined, { skip: options.skip });
  const pausedUntil =
    data?.pausedUntil && Date.parse(data.pausedUntil) > Date.now() ? data.pausedUntil : undefined;
  return {
    attemptsRemaining: data?.attemptsRemaining ?? MAX_MASTER_PASSWORD_ATTEMPTS,
    pausedUntil,
  };
}
