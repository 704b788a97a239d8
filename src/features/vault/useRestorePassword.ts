import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { useAppDispatch } from '../../app/hooks';
import { vaultCareApi } from './vaultCareApi';

/** Puts a deleted entry back (the toast's Undo, the Trash's Restore); resolves whether it worked. */
export function useRestorePassword(): (id: string) => Promise<boolean> {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (id: string) => {
      try {
        await dispatch(vaultCareApi.endpoints.restorePassword.initiate(id, { track: false })).unwrap();
        enqueueSnackbar('Password restored', { variant: 'success' });
        return true;
      } catch {
        enqueueSnackbar('Failed to restore password', { variant: 'error' });
        return false;
      }
    },
    [dispatch, enqueueSnackbar],
  );
}
