import { sessionEnded } from '../../api/baseApi';
import {
  invalidMasterPasswordMessage,
  masterPasswordAttemptFailed,
  masterPasswordDialogClosed,
  masterPasswordDialogOpened,
  masterPasswordVerified,
  selectAttemptsRemaining,
  type MasterPasswordState,
} from '../../components/masterPassword/masterPasswordEvents';
import { masterPasswordSlice } from './masterPasswordSlice';

type Action = Parameters<typeof masterPasswordSlice.reducer>[1];
const reduce = (...actions: Action[]): MasterPasswordState =>
  actions.reduce(masterPasswordSlice.reducer, masterPasswordSlice.getInitialState());
const remaining = (state: MasterPasswordState) => selectAttemptsRemaining({ masterPassword: state });

describe('masterPassword slice', () => {
  it('starts closed, with all 3 attempts and no password anywhere', () => {
    const state = masterPasswordSlice.getInitialState();
    expect(state).toEqual({ failedAttempts: 0, lockedOut: false, dialog: null });
    expect(remaining(state)).toBe(3);
  });

  it('records which dialog is open, for what and which entry', () => {
    expect(reduce(masterPasswordDialogOpened({ purpose: 'reveal', entryId: 'e1' })).dialog).toEqual({
      purpose: 'reveal',
      entryId: 'e1',
    });
    expect(reduce(masterPasswordDialogOpened({ purpose: 'create' })).dialog).toEqual({
      purpose: 'create',
      entryId: null,
    });
    expect(
      reduce(masterPasswordDialogOpened({ purpose: 'delete', entryId: 'e1' }), masterPasswordDialogClosed())
        .dialog,
    ).toBeNull();
  });

  it('counts failures across dialogs and keeps the dialog open until the last one', () => {
    const state = reduce(
      masterPasswordDialogOpened({ purpose: 'reveal', entryId: 'a' }),
      masterPasswordAttemptFailed(),
      masterPasswordDialogClosed(),
      masterPasswordDialogOpened({ purpose: 'delete', entryId: 'b' }),
      masterPasswordAttemptFailed(),
    );
    expect(state.failedAttempts).toBe(2);
    expect(remaining(state)).toBe(1);
    expect(state.dialog).toEqual({ purpose: 'delete', entryId: 'b' });
    expect(state.lockedOut).toBe(false);
  });

  it('locks out at the third failure: closes the dialog and opens no other', () => {
    const state = reduce(
      masterPasswordDialogOpened({ purpose: 'edit', entryId: 'a' }),
      masterPasswordAttemptFailed(),
      masterPasswordAttemptFailed(),
      masterPasswordAttemptFailed(),
    );
    expect(state).toEqual({ failedAttempts: 3, lockedOut: true, dialog: null });
    expect(remaining(state)).toBe(0);
    expect(
      reduce(
        masterPasswordAttemptFailed(),
        masterPasswordAttemptFailed(),
        masterPasswordAttemptFailed(),
        masterPasswordAttemptFailed(),
      ).failedAttempts,
    ).toBe(3);
    const after = masterPasswordSlice.reducer(state, masterPasswordDialogOpened({ purpose: 'reveal' }));
    expect(after.dialog).toBeNull();
  });

  it('resets the counter on success and closes the dialog', () => {
    const state = reduce(
      masterPasswordDialogOpened({ purpose: 'reveal', entryId: 'a' }),
      masterPasswordAttemptFailed(),
      masterPasswordAttemptFailed(),
      masterPasswordVerified(),
    );
    expect(state).toEqual({ failedAttempts: 0, lockedOut: false, dialog: null });
  });

  it('starts over when the session ends', () => {
    const state = reduce(
      masterPasswordAttemptFailed(),
      masterPasswordAttemptFailed(),
      masterPasswordAttemptFailed(),
      sessionEnded(),
    );
    expect(state).toEqual(masterPasswordSlice.getInitialState());
  });

  it('words the failure as SPEC section 8 does', () => {
    expect(invalidMasterPasswordMessage(2)).toBe('Invalid master password. 2 attempts remaining.');
  });
});
