import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSelector, useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import { isSessionEnded, messageOf } from '../../api/errorText';
import { vaultApi } from '../../api/vaultApi';
import { useThunkDispatch } from '../useThunkDispatch';
import { MasterPasswordDialog } from './MasterPasswordDialog';
import {
  masterPasswordDialogClosed,
  masterPasswordDialogOpened,
  selectAttemptsRemaining,
  selectMasterPassword,
  type MasterPasswordPurpose,
  type MasterPasswordState,
} from './masterPasswordEvents';
import { isWrongMasterPassword, useMasterPasswordAttempts } from './useMasterPasswordAttempts';
import { MasterPasswordPromptContext, type MasterPasswordPrompt } from './useMasterPasswordPrompt';

type Resolve = (masterPassword: string | null) => void;

function failureOf(error: unknown): { status: unknown; message: string } {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
  return { status, message: messageOf(error, 'Failed to execute action') };
}

/**
 * Hosts the master-password dialog for the screen below it and runs SPEC section 4's flow: the server
 * checks the password, a wrong one counts against the attempts shared by every dialog, and the last one
 * signs the user out after 2 s. The password is handed to the waiting caller and kept nowhere else.
 */
export function MasterPasswordPromptProvider({ children }: { children: ReactNode }) {
  const dispatch = useThunkDispatch();
  const store = useStore<{ masterPassword: MasterPasswordState }>();
  const { dialog } = useSelector(selectMasterPassword);
  const attemptsRemaining = useSelector(selectAttemptsRemaining);
  const { enqueueSnackbar } = useSnackbar();
  const pending = useRef<Resolve | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Kept after closing so the text does not change while the dialog fades out.
  const [purpose, setPurpose] = useState<MasterPasswordPurpose>('reveal');

  const settle = useCallback((masterPassword: string | null) => {
    const resolve = pending.current;
    pending.current = null;
    resolve?.(masterPassword);
  }, []);

  // Leaving the screen cancels its question.
  useEffect(
    () => () => {
      if (pending.current) dispatch(masterPasswordDialogClosed());
      settle(null);
    },
    [dispatch, settle],
  );

  const prompt = useCallback<MasterPasswordPrompt>(
    (request) => {
      if (store.getState().masterPassword.lockedOut) return Promise.resolve(null);
      settle(null);
      setError(null);
      setPurpose(request.purpose);
      dispatch(masterPasswordDialogOpened(request));
      return new Promise((resolve) => {
        pending.current = resolve;
      });
    },
    [dispatch, settle, store],
  );

  const attempts = useMasterPasswordAttempts();

  const submit = useCallback(
    async (masterPassword: string): Promise<boolean> => {
      setError(null);
      try {
        await dispatch(
          vaultApi.endpoints.verifyMasterPassword.initiate({ masterPassword }, { track: false }),
        ).unwrap();
        attempts.accepted();
        settle(masterPassword);
        return true;
      } catch (caught) {
        const { status, message } = failureOf(caught);
        if (isWrongMasterPassword(caught)) {
          const text = attempts.rejected();
          if (text === null) {
            settle(null);
          } else {
            setError(text);
            enqueueSnackbar(text, { variant: 'error' });
          }
        } else if (typeof status === 'number' && isSessionEnded(status, message)) {
          // The server ended the session itself; the base query has signed out already.
          dispatch(masterPasswordDialogClosed());
          settle(null);
          enqueueSnackbar(message, { variant: 'error' });
        } else {
          setError(message);
          enqueueSnackbar(message, { variant: 'error' });
        }
        return false;
      }
    },
    [attempts, dispatch, enqueueSnackbar, settle],
  );

  const cancel = useCallback(() => {
    dispatch(masterPasswordDialogClosed());
    settle(null);
  }, [dispatch, settle]);

  return (
    <MasterPasswordPromptContext.Provider value={prompt}>
      {children}
      <MasterPasswordDialog
        open={dialog !== null}
        purpose={purpose}
        attemptsRemaining={attemptsRemaining}
        error={error}
        onSubmit={submit}
        onCancel={cancel}
      />
    </MasterPasswordPromptContext.Provider>
  );
}
