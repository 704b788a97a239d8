// Error toasts of attempts at one step (a code, a password) that a later attempt may answer: when the
// step succeeds, the errors of the attempts before it close. Without it "Invalid or expired OTP" stayed
// beside "Registration completed successfully!" for the rest of its 4 seconds, on the next screen.
import { useCallback, useRef } from 'react';
import { useSnackbar, type SnackbarKey } from 'notistack';

export function useAttemptToasts() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const shown = useRef<SnackbarKey[]>([]);

  /** Toasts an attempt's error, to be closed when the step succeeds. */
  const attemptFailed = useCallback(
    (message: string) => {
      shown.current.push(enqueueSnackbar(message, { variant: 'error' }));
    },
    [enqueueSnackbar],
  );

  /** The step succeeded: the errors of the attempts before it close. */
  const attemptsAnswered = useCallback(() => {
    for (const key of shown.current.splice(0)) closeSnackbar(key);
  }, [closeSnackbar]);

  return { attemptFailed, attemptsAnswered };
}
