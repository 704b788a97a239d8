// Client state of the master-password flow (SPEC section 4): which dialog is open, and whether the
// session is on its way out after the last attempt. How many attempts remain is the server's count,
// kept in the RTK Query cache (masterPasswordApi), never here; the password itself is nowhere.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../shared/api/baseApi';

export type MasterPasswordPurpose = 'reveal' | 'create' | 'edit' | 'delete' | 'emptyTrash';

export interface MasterPasswordDialogState {
  purpose: MasterPasswordPurpose;
  entryId: string | null;
}

export interface MasterPasswordState {
  /** The session's last attempt failed: the sign-out is under way and no dialog may open. */
  lockedOut: boolean;
  dialog: MasterPasswordDialogState | null;
}

const initialState: MasterPasswordState = { lockedOut: false, dialog: null };

export const masterPasswordSlice = createSlice({
  name: 'masterPassword',
  initialState,
  reducers: {
    masterPasswordDialogOpened(
      state,
      { payload }: PayloadAction<{ purpose: MasterPasswordPurpose; entryId?: string | null }>,
    ) {
      if (state.lockedOut) return;
      state.dialog = { purpose: payload.purpose, entryId: payload.entryId ?? null };
    },
    masterPasswordDialogClosed(state) {
      state.dialog = null;
    },
    masterPasswordLockedOut(state) {
      state.lockedOut = true;
      state.dialog = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const { masterPasswordDialogOpened, masterPasswordDialogClosed, masterPasswordLockedOut } =
  masterPasswordSlice.actions;

interface WithMasterPassword {
  masterPassword: MasterPasswordState;
}

export const selectMasterPasswordDialog = (state: WithMasterPassword) => state.masterPassword.dialog;
export const selectMasterPasswordLockedOut = (state: WithMasterPassword) => state.masterPassword.lockedOut;
