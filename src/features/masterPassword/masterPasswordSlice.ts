// The shared failed-attempt counter and the open master-password dialog (SPEC section 4).
// The events come from src/components/masterPassword, where the dialog shared by every screen lives.
import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../api/baseApi';
import { MAX_MASTER_PASSWORD_ATTEMPTS } from '../../common/constants';
import {
  masterPasswordAttemptFailed,
  masterPasswordDialogClosed,
  masterPasswordDialogOpened,
  masterPasswordVerified,
  type MasterPasswordState,
} from '../../components/masterPassword/masterPasswordEvents';

const initialState: MasterPasswordState = { failedAttempts: 0, lockedOut: false, dialog: null };

export const masterPasswordSlice = createSlice({
  name: 'masterPassword',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(masterPasswordDialogOpened, (state, { payload }) => {
        if (state.lockedOut) return;
        state.dialog = { purpose: payload.purpose, entryId: payload.entryId ?? null };
      })
      .addCase(masterPasswordDialogClosed, (state) => {
        state.dialog = null;
      })
      .addCase(masterPasswordAttemptFailed, (state) => {
        state.failedAttempts = Math.min(MAX_MASTER_PASSWORD_ATTEMPTS, state.failedAttempts + 1);
        if (state.failedAttempts >= MAX_MASTER_PASSWORD_ATTEMPTS) {
          state.lockedOut = true;
          state.dialog = null;
        }
      })
      .addCase(masterPasswordVerified, (state) => {
        state.failedAttempts = 0;
        state.dialog = null;
      })
      .addCase(sessionEnded, () => initialState);
  },
});
