import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import {
  isWrongMasterPassword,
  useMasterPasswordAttempts,
} from '../../components/masterPassword/useMasterPasswordAttempts';

export { isWrongMasterPassword };

/**
 * A settings form that sends the master password itself (change it, delete the account) counts its
 * failures with the attempts shared by every master-password dialog (SPEC section 4).
 */
export function useMasterPasswordOutcome() {
  const { accepted, rejected, lockedOut } = useMasterPasswordAttempts();
  const { enqueueSnackbar } = useSnackbar();

  /** True when `error` was a wrong master password: counted and reported here. */
  const failed = useCallback(
    (error: unknown): boolean => {
      if (!isWrongMasterPassword(error)) return false;
      const text = rejected();
      if (text) enqueueSnackbar(text, { variant: 'error' });
      return true;
    },
    [enqueueSnackbar, rejected],
  );

  return { verified: accepted, failed, lockedOut };
}
