import { useCallback, useMemo, useState, type ReactElement } from 'react';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import { vaultApi } from './vaultApi';
import type { PasswordEntry } from '../../common/wire';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { copyToClipboard } from '../../shared/ui/clipboard';
import { useMasterPasswordPrompt } from '../masterPassword';
import { useAppDispatch } from '../../app/hooks';
import type { OpenEditOptions } from './entryForm/usePasswordEditor';
import { revealedSecretsOf, useSecretStore } from './revealedSecrets';
import { useRestorePassword } from './useRestorePassword';
import { loadTotpCodes } from './useTotpCode';
import { useOpenedOnce, usePreloadWhenIdle } from '../../shared/ui/lazyOnFirstUse';

/** What a card can do; every function is stable so that cards stay memoised. */
export interface CardActions {
  toggleReveal: (entry: PasswordEntry) => void;
  copyPassword: (entry: PasswordEntry) => void;
  /** Copies the code of a revealed entry's TOTP as it is at the click, and clears it like a password. */
  copyTotp: (entry: PasswordEntry) => void;
  /** Copies the value of a revealed entry's hidden custom field (by its place), like a password. */
  copyHiddenField: (entry: PasswordEntry, index: number) => void;
  copyField: (label: string, value: string) => void;
  toggleFavorite: (entry: PasswordEntry) => void;
  edit: (entry: PasswordEntry) => void;
  /** Opens the edit form with a freshly generated password filled in (a flagged card's one click). */
  renewPassword: (entry: PasswordEntry) => void;
  /**
   * Asks to confirm, then for the master password, and moves the entry to the trash; `onDeleted` runs
   * once it is gone (the detail panel closes then).
   */
  remove: (entry: PasswordEntry, onDeleted?: () => void) => void;
}

/** What an entry of the list can do: a card's actions, and its title opens the entry's details. */
export interface ListActions extends CardActions {
  details: (entry: PasswordEntry) => void;
}

interface PendingDelete {
  entry: PasswordEntry;
  onDeleted?: () => void;
}

export function useVaultActions(
  openEdit: (entry: PasswordEntry, options?: OpenEditOptions) => Promise<void>,
): {
  actions: CardActions;
  dialogs: ReactElement | null;
} {
  const dispatch = useAppDispatch();
  const secrets = useSecretStore();
  const prompt = useMasterPasswordPrompt();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const restore = useRestorePassword();
  usePreloadWhenIdle(loadTotpCodes);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);

  const toggleReveal = useCallback(
    async ({ _id: id }: PasswordEntry) => {
      if (secrets.get(id) !== undefined) {
        secrets.delete(id);
        return;
      }
      const masterPassword = await prompt({ purpose: 'reveal', entryId: id });
      if (!masterPassword) return;
      try {
        const entry = await dispatch(
          vaultApi.endpoints.viewPassword.initiate({ id, masterPassword }, { track: false }),
        ).unwrap();
        secrets.set(id, revealedSecretsOf(entry));
        enqueueSnackbar('Password revealed', { variant: 'success' });
      } catch {
        enqueueSnackbar('Failed to decrypt password', { variant: 'error' });
      }
    },
    [dispatch, enqueueSnackbar, prompt, secrets],
  );

  const copyPassword = useCallback(
    async ({ _id: id }: PasswordEntry) => {
      const secret = secrets.get(id)?.password;
      try {
        if (secret === undefined) throw new Error('Not revealed');
        await copyToClipboard(secret, { sensitive: true });
        enqueueSnackbar('Password copied to clipboard', { variant: 'success' });
      } catch {
        enqueueSnackbar('Failed to copy password', { variant: 'error' });
      }
    },
    [enqueueSnackbar, secrets],
  );

  const copyTotp = useCallback(
    async ({ _id: id }: PasswordEntry) => {
      const totp = secrets.get(id)?.totp;
      try {
        // The code of this very moment: the one on screen may be about to change.
        const current = totp === undefined ? null : (await loadTotpCodes()).totpCodeAt(totp, Date.now());
        if (!current) throw new Error('No code');
        await copyToClipboard(current.code, { sensitive: true });
        enqueueSnackbar('One-time code copied to clipboard', { variant: 'success' });
      } catch {
        enqueueSnackbar('Failed to copy to clipboard', { variant: 'error' });
      }
    },
    [enqueueSnackbar, secrets],
  );

  const copyHiddenField = useCallback(
    async ({ _id: id }: PasswordEntry, index: number) => {
      const field = secrets.get(id)?.fields[index];
      try {
        if (!field) throw new Error('Not revealed');
        await copyToClipboard(field.value, { sensitive: true });
        enqueueSnackbar(`${field.name} copied to clipboard`, { variant: 'success' });
      } catch {
        enqueueSnackbar('Failed to copy to clipboard', { variant: 'error' });
      }
    },
    [enqueueSnackbar, secrets],
  );

  const copyField = useCallback(
    async (label: string, value: string) => {
      try {
        await copyToClipboard(value);
        enqueueSnackbar(`${label} copied to clipboard`, { variant: 'success' });
      } catch {
        enqueueSnackbar('Failed to copy to clipboard', { variant: 'error' });
      }
    },
    [enqueueSnackbar],
  );

  const toggleFavorite = useCallback(
    async (entry: PasswordEntry) => {
      try {
        const { message } = await dispatch(
          vaultApi.endpoints.toggleFavorite.initiate(entry._id, { track: false }),
        ).unwrap();
        const fallback = entry.isFavorite ? 'Removed from favorites' : 'Added to favorites';
        enqueueSnackbar(message || fallback, { variant: 'success' });
      } catch {
        enqueueSnackbar('Failed to update favorite status', { variant: 'error' });
      }
    },
    [dispatch, enqueueSnackbar],
  );

  const edit = useCallback(
    (entry: PasswordEntry) => {
      openEdit(entry).catch(() => enqueueSnackbar('Failed to execute action', { variant: 'error' }));
    },
    [enqueueSnackbar, openEdit],
  );

  const renewPassword = useCallback(
    (entry: PasswordEntry) => {
      openEdit(entry, { newPassword: true }).catch(() =>
        enqueueSnackbar('Failed to execute action', { variant: 'error' }),
      );
    },
    [enqueueSnackbar, openEdit],
  );

  const confirmDelete = async () => {
    const pending = pendingDelete;
    setPendingDelete(null);
    if (!pending) return;
    const { entry } = pending;
    const masterPassword = await prompt({ purpose: 'delete', entryId: entry._id });
    if (!masterPassword) return;
    try {
      await dispatch(
        vaultApi.endpoints.deletePassword.initiate({ id: entry._id, masterPassword }, { track: false }),
      ).unwrap();
      secrets.delete(entry._id);
      pending.onDeleted?.();
      // The entry went to the trash: one click puts it back, without the master password.
      // One Undo per toast: a second click while the toast is leaving does nothing.
      let undone = false;
      enqueueSnackbar('Password deleted successfully', {
        variant: 'success',
        action: (key) => (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => {
              if (undone) return;
              undone = true;
              closeSnackbar(key);
              void restore(entry._id);
            }}
          >
            Undo
          </Button>
        ),
      });
    } catch {
      enqueueSnackbar('Failed to delete password', { variant: 'error' });
    }
  };

  const actions = useMemo<CardActions>(
    () => ({
      toggleReveal: (entry) => void toggleReveal(entry),
      copyPassword: (entry) => void copyPassword(entry),
      copyTotp: (entry) => void copyTotp(entry),
      copyHiddenField: (entry, index) => void copyHiddenField(entry, index),
      copyField: (label, value) => void copyField(label, value),
      toggleFavorite: (entry) => void toggleFavorite(entry),
      edit,
      renewPassword,
      remove: (entry, onDeleted) => setPendingDelete({ entry, onDeleted }),
    }),
    [copyField, copyHiddenField, copyPassword, copyTotp, edit, renewPassword, toggleFavorite, toggleReveal],
  );

  // Mounted from the first delete on: a closed dialog costs the page's first paint nothing.
  const confirming = useOpenedOnce(pendingDelete !== null);
  const dialogs = confirming ? (
    <ConfirmDialog
      open={pendingDelete !== null}
      title="Delete password"
      message="Are you sure you want to delete this password?"
      confirmLabel="Delete"
      destructive
      onConfirm={() => void confirmDelete()}
      onCancel={() => setPendingDelete(null)}
    />
  ) : null;

  return { actions, dialogs };
}
