import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { isSessionEnded, messageOf } from '../../shared/api/errorText';
import { askForVaultCredentialWith, currentUnlockKey, WINDOW_CREDENTIAL } from '../../shared/api/vaultUnlock';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useUnlockWindowChoice } from '../settings';
import { masterPasswordApi } from './masterPasswordApi';
import { useCodeBeforeOpening, useOpenedOnce, usePreloadWhenIdle } from '../../shared/ui/lazyOnFirstUse';
import {
  masterPasswordDialogClosed,
  masterPasswordDialogOpened,
  selectMasterPasswordDialog,
  type MasterPasswordPurpose,
} from './masterPasswordSlice';
import { useMasterPasswordOutcome, useMasterPasswordStatus } from './useMasterPasswordOutcome';
import {
  MasterPasswordPromptContext,
  type MasterPasswordPrompt,
  type MasterPasswordRequest,
} from './useMasterPasswordPrompt';

type Resolve = (masterPassword: string | null) => void;

const loadDialog = () => import('./MasterPasswordDialog');
const MasterPasswordDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.MasterPasswordDialog })),
);

/**
 * Hosts the master-password dialog for the screen below it and runs SPEC section 4's flow: the server
 * checks the password and counts the attempts; the dialog shows its count. The password is handed to
 * the waiting caller and kept nowhere else.
 *
 * Issue 15: when the user chose an unlock window, the right password opens it instead (POST
 * /auth/vault-unlock) and is then dropped; until the window ends every prompt answers at once with
 * WINDOW_CREDENTIAL, which the base query turns into the tab's key. When a request finds the vault
 * locked after all, the base query asks again through this provider and retries.
 */
export function MasterPasswordPromptProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const dialog = useAppSelector(selectMasterPasswordDialog);
  // The dialog's code comes when a question is first asked (or when the browser is idle before that).
  usePreloadWhenIdle(loadDialog);
  const dialogCodeReady = useCodeBeforeOpening(loadDialog);
  const mounted = useOpenedOnce(dialog !== null);
  const status = useMasterPasswordStatus({ skip: dialog === null });
  const unlockMinutes = useUnlockWindowChoice({ skip: dialog === null });
  const outcome = useMasterPasswordOutcome();
  const { enqueueSnackbar } = useSnackbar();
  const pending = useRef<Resolve | null>(null);
  // What the last question was for: the dialog says so again when the window ends under that action.
  const lastRequest = useRef<MasterPasswordRequest>({ purpose: 'reveal' });
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

  const { lockedOut } = outcome;
  const prompt = useCallback<MasterPasswordPrompt>(
    async (request) => {
      if (lockedOut) return null;
      lastRequest.current = request;
      if (currentUnlockKey()) return WINDOW_CREDENTIAL;
      // Offline with the dialog's code never fetched: a toast, and the action is not taken.
      if (!(await dialogCodeReady())) return null;
      settle(null);
      setError(null);
      setPurpose(request.purpose);
      dispatch(masterPasswordDialogOpened(request));
      // The count shown is the server's: asked again each time a dialog opens.
      void dispatch(
        masterPasswordApi.endpoints.getMasterPasswordStatus.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
      return new Promise<string | null>((resolve) => {
        pending.current = resolve;
      });
    },
    [dialogCodeReady, dispatch, lockedOut, settle],
  );

  // The base query asks here when the window ended under a vault request (vaultUnlock.ts).
  useEffect(() => askForVaultCredentialWith(() => prompt(lastRequest.current)), [prompt]);

  const submit = useCallback(
    async (masterPassword: string): Promise<boolean> => {
      setError(null);
      try {
        if (unlockMinutes !== 0) {
          // Checked and counted like verify-master; the window's key replaces the password from here on.
          await dispatch(
            masterPasswordApi.endpoints.openUnlockWindow.initiate(
              { masterPassword, minutes: unlockMinutes },
              { track: false },
            ),
          ).unwrap();
        } else {
          await dispatch(
            masterPasswordApi.endpoints.verifyMasterPassword.initiate({ masterPassword }, { track: false }),
          ).unwrap();
        }
        outcome.accepted();
        settle(unlockMinutes !== 0 ? WINDOW_CREDENTIAL : masterPassword);
        dispatch(masterPasswordDialogClosed());
        return true;
      } catch (caught) {
        const failure = outcome.failed(caught);
        if (failure.kind === 'wrong') setError(failure.message);
        else if (failure.kind === 'lockedOut') settle(null);
        else if (failure.kind === 'other') {
          const message = messageOf(caught, 'Failed to execute action');
          const status =
            caught && typeof caught === 'object' && 'status' in caught ? caught.status : undefined;
          if (typeof status === 'number' && isSessionEnded(status, message)) {
            // The server ended the session itself; the base query has signed out already.
            dispatch(masterPasswordDialogClosed());
            settle(null);
          } else {
            setError(message);
          }
          enqueueSnackbar(message, { variant: 'error' });
        }
        return false;
      }
    },
    [dispatch, enqueueSnackbar, outcome, settle, unlockMinutes],
  );

  const cancel = useCallback(() => {
    dispatch(masterPasswordDialogClosed());
    settle(null);
  }, [dispatch, settle]);

  return (
    <MasterPasswordPromptContext.Provider value={prompt}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <MasterPasswordDialog
            open={dialog !== null}
            purpose={purpose}
            attemptsRemaining={status.attemptsRemaining}
            pausedUntil={status.pausedUntil}
            unlockMinutes={unlockMinutes}
            error={error}
            onSubmit={submit}
            onCancel={cancel}
          />
        </Suspense>
      )}
    </MasterPasswordPromptContext.Provider>
  );
}
