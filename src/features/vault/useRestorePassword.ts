import { useCallback, useRef } from 'react';
import { useSnackbar } from 'notistack';
import { useAppDispatch } from '../../app/hooks';
import { vaultCareApi } from './vaultCareApi';

/** Puts a deleted entry back (the toast's Undo, the Trash's Restore); resolves whether it worked. */
export function useRestorePassword(): (id: string) => Promise<boolean> {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  // A double click (Undo while its toast is leaving, Restore twice) restores once and says so once.
  const pending = useRef(new Map<string, Promise<boolean>>());
  return useCallback(
    (id: string) => {
      const running = pending.current.get(id);
      if (running) return running;
      const restoring = (async () => {
        try {
          await dispatch(vaultCareApi.endpoints.restorePassword.initiate(id, { track: false })).unwrap();
          enqueueSnackbar('Password restored', { variant: 'success' });
          return true;
        } catch {
          enqueueSnackbar('Failed to restore password', { variant: 'error' });
          return false;
        } finally {
          pending.current.delete(id);
        }
      })();
      pending.current.set(id, restoring);
      return restoring;
    },
    [dispatch, enqueueSnackbar],
  );
}
