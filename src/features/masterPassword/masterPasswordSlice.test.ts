import { sessionEnded } from '../../shared/api/baseApi';
import {
  masterPasswordDialogClosed,
  masterPasswordDialogOpened,
  masterPasswordLockedOut,
  masterPasswordSlice,
  type MasterPasswordState,
} from './masterPasswordSlice';
import { attemptsWarning, invalidMasterPasswordMessage } from './masterPasswordTexts';

type Action = Parameters<typeof masterPasswordSlice.reducer>[1];
const reduce = (...actions: Action[]): MasterPasswordState =>
  actions.reduce(masterPasswordSlice.reducer, masterPasswordSlice.getInitialState());

describe('masterPassword slice', () => {
  it('starts closed, and holds no password and no count (the count is the server’s)', () => {
    expect(masterPasswordSlice.getInitialState()).toEqual({ lockedOut: false, dialog: null });
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

  it('closes the dialog at the lockout and opens no other until the session ends', () => {
    const state = reduce(
      masterPasswordDialogOpened({ purpose: 'edit', entryId: 'a' }),
      masterPasswordLockedOut(),
    );
    expect(state).toEqual({ lockedOut: true, dialog: null });
    expect(
      masterPasswordSlice.reducer(state, masterPasswordDialogOpened({ purpose: 'reveal' })).dialog,
    ).toBeNull();
    expect(masterPasswordSlice.reducer(state, sessionEnded())).toEqual(masterPasswordSlice.getInitialState());
  });

  it('words the failure as SPEC section 8 does, with one attempt in the singular', () => {
    expect(invalidMasterPasswordMessage(2)).toBe('Invalid master password. 2 attempts remaining.');
    expect(invalidMasterPasswordMessage(1)).toBe('Invalid master password. 1 attempt remaining.');
    expect(attemptsWarning(1)).toBe('1 attempt remaining. After 3 failed attempts you will be logged out.');
  });
});
