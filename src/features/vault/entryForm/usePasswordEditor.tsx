import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { vaultApi } from '../vaultApi';
import { useGeneratePassword } from '../generator';
import type { PasswordEntry } from '../../../common/wire';
import { useMasterPasswordPrompt } from '../../masterPassword';
import { useAppDispatch } from '../../../app/hooks';
import { isApiFailure, messageOf } from '../../../shared/api/errorText';
import { useOptionalSecretStore } from '../revealedSecrets';
import { useCodeBeforeOpening, useOpenedOnce, usePreloadWhenIdle } from '../../../shared/ui/lazyOnFirstUse';
import { emptyPasswordForm, entryInputOf, formValuesOf, type PasswordFormValues } from './passwordFormValues';

// The form (Formik, Yup, the generator) and an entry's history (its copy buttons' tooltips) come when the
// form is first opened, or when the page is idle: the list that opens them paints without them.
const loadFormDialog = () => import('./PasswordFormDialog');
const PasswordFormDialog = lazy(() =>
  loadFormDialog().then((module) => ({ default: module.PasswordFormDialog })),
);
const loadHistory = () => import('./PasswordHistory');
const PasswordHistory = lazy(() => loadHistory().then((module) => ({ default: module.PasswordHistory })));
const loadEditorCode = () => Promise.all([loadFormDialog(), loadHistory()]);

interface EditorState {
  open: boolean;
  mode: 'create' | 'edit';
  entryId: string | null;
  /** The edited entry's updatedAt when the form was filled in: a save from it must not undo a later change. */
  openedAt?: string;
  initialValues: PasswordFormValues;
  /** A fresh form for every opening. */
  generation: number;
  /** Said at the top of the form (a password generated for the user). */
  notice?: string;
}

export interface OpenEditOptions {
  /** Fill in a freshly generated password in place of the current one (the user still saves). */
  newPassword?: boolean;
}

export const NEW_PASSWORD_NOTICE =
  'A new password was generated. Save to use it; the current one goes to the password history.';

export interface PasswordEditor {
  /** Opens an empty form (once its code is there: offline, a toast says why it did not open). */
  openCreate: () => Promise<void>;
  /** Asks for the master password, fetches the secrets and opens the form filled in. */
  openEdit: (entry: Pick<PasswordEntry, '_id'>, options?: OpenEditOptions) => Promise<void>;
  /** Nothing until the form is first opened. */
  dialog: ReactNode;
}

/**
 * Add and edit, shared by the Passwords page and the dashboard (needs a MasterPasswordPromptProvider).
 * The master password verified for an edit is held in a ref only while that form is open; a create
 * asks for it at save time and drops it after the call. The list refreshes through the cache tags.
 */
export function usePasswordEditor(): PasswordEditor {
  const dispatch = useAppDispatch();
  const prompt = useMasterPasswordPrompt();
  const { enqueueSnackbar } = useSnackbar();
  const generateNew = useGeneratePassword();
  const revealed = useOptionalSecretStore();
  const verifiedMasterPassword = useRef<string | null>(null);
  const [state, setState] = useState<EditorState>({
    open: false,
    mode: 'create',
    entryId: null,
    initialValues: emptyPasswordForm,
    generation: 0,
  });

  const close = useCallback(() => {
    verifiedMasterPassword.current = null;
    // The form keeps its own values until it unmounts; the decrypted ones are not kept here.
    setState((current) => ({ ...current, open: false, initialValues: emptyPasswordForm, notice: undefined }));
  }, []);

  const editorCodeReady = useCodeBeforeOpening(loadEditorCode);

  const openCreate = useCallback(async () => {
    if (!(await editorCodeReady())) return;
    verifiedMasterPassword.current = null;
    setState((current) => ({
      open: true,
      mode: 'create',
      entryId: null,
      initialValues: emptyPasswordForm,
      generation: current.generation + 1,
    }));
  }, [editorCodeReady]);

  const openEdit = useCallback(
    async ({ _id: id }: Pick<PasswordEntry, '_id'>, options: OpenEditOptions = {}) => {
      if (!(await editorCodeReady())) return;
      const masterPassword = await prompt({ purpose: 'edit', entryId: id });
      if (!masterPassword) return;
      try {
        const entry = await dispatch(
          vaultApi.endpoints.viewPassword.initiate({ id, masterPassword }, { track: false }),
        ).unwrap();
        verifiedMasterPassword.current = masterPassword;
        const values = formValuesOf(entry);
        if (options.newPassword) values.password = await generateNew();
        setState((current) => ({
          open: true,
          mode: 'edit',
          entryId: id,
          openedAt: entry.updatedAt,
          initialValues: values,
          generation: current.generation + 1,
          notice: options.newPassword ? NEW_PASSWORD_NOTICE : undefined,
        }));
        if (options.newPassword) enqueueSnackbar('Password generated', { variant: 'success' });
      } catch {
        enqueueSnackbar('Failed to decrypt password', { variant: 'error' });
      }
    },
    [dispatch, editorCodeReady, enqueueSnackbar, generateNew, prompt],
  );

  const save = async (values: PasswordFormValues): Promise<boolean> => {
    const { mode, entryId, openedAt } = state;
    const masterPassword = verifiedMasterPassword.current ?? (await prompt({ purpose: mode, entryId }));
    if (!masterPassword) return false;
    try {
      const input = entryInputOf(values);
      if (mode === 'edit' && entryId) {
        await dispatch(
          vaultApi.endpoints.updatePassword.initiate(
            { ...input, id: entryId, masterPassword, ifUpdatedAt: openedAt },
            { track: false },
          ),
        ).unwrap();
        // A revealed card would show what was there before the edit: it is masked again instead.
        revealed?.delete(entryId);
        enqueueSnackbar('Password updated successfully', { variant: 'success' });
      } else {
        await dispatch(
          vaultApi.endpoints.createPassword.initiate({ ...input, masterPassword }, { track: false }),
        ).unwrap();
        enqueueSnackbar('Password created successfully', { variant: 'success' });
      }
      close();
      return true;
    } catch (error) {
      // Changed in another tab or device since the form was filled in: the server says so, and the form
      // stays open with what the person typed.
      const changedElsewhere = isApiFailure(error) && error.status === 409;
      enqueueSnackbar(changedElsewhere ? messageOf(error) : 'Failed to save password', { variant: 'error' });
      return false;
    }
  };

  usePreloadWhenIdle(loadFormDialog);
  usePreloadWhenIdle(loadHistory);
  const mounted = useOpenedOnce(state.open);
  const dialog = mounted && (
    <Suspense fallback={null}>
      <PasswordFormDialog
        key={state.generation}
        open={state.open}
        mode={state.mode}
        initialValues={state.initialValues}
        notice={state.notice}
        history={
          // Only while the form is open: the earlier passwords go with it.
          state.open && state.mode === 'edit' && state.entryId ? (
            <Suspense fallback={null}>
              <PasswordHistory entryId={state.entryId} />
            </Suspense>
          ) : null
        }
        onSubmit={save}
        onClose={close}
      />
    </Suspense>
  );

  return { openCreate, openEdit, dialog };
}
