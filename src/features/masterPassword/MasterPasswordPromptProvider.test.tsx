import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, type FakeVault } from '../../test/fakeVaultServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { pauseToasts } from '../../test/toasts';
import { UNLOCK_CODE } from '../../test/fakeMasterPassword';
import { MasterPasswordPromptProvider } from './MasterPasswordPromptProvider';
import { useMasterPasswordPrompt } from './useMasterPasswordPrompt';

const MASTER = 'Master#Pass1';

/** Two screens' worth of callers sharing the server's count, showing what each prompt resolved to. */
function Callers() {
  const prompt = useMasterPasswordPrompt();
  const [result, setResult] = useState('none');
  const ask = async (purpose: 'reveal' | 'delete', entryId: string) => {
    const masterPassword = await prompt({ purpose, entryId });
    setResult(masterPassword === null ? 'cancelled' : `got ${masterPassword.length} characters`);
  };
  return (
    <>
      <button onClick={() => void ask('reveal', 'a')}>Reveal A</button>
      <button onClick={() => void ask('delete', 'b')}>Delete B</button>
      <output>{result}</output>
    </>
  );
}

function renderCallers() {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <MasterPasswordPromptProvider>
      <Callers />
    </MasterPasswordPromptProvider>,
    { path: '/passwords' },
  );
  return { user, ...view };
}

async function submit(user: ReturnType<typeof userEvent.setup>, masterPassword: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), masterPassword);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  return dialog;
}

describe('master password dialog', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([], MASTER);
    window.localStorage.setItem('token', 'session-token');
  });

  it('requires the field, hands the verified password to the caller, and shows the server’s count', async () => {
    const { user, store } = renderCallers();
    await user.click(screen.getByRole('button', { name: 'Reveal A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    expect(
      within(dialog).getByText('Enter your master password to reveal this password.'),
    ).toBeInTheDocument();
    expect(store.getState().masterPassword.dialog).toEqual({ purpose: 'reveal', entryId: 'a' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Master password is required')).toBeInTheDocument();
    expect(vault.count('POST /auth/verify-master')).toBe(0);

    await submit(user, 'wrong-one');
    expect(
      await within(dialog).findByText('Invalid master password. 2 attempts remaining.'),
    ).toBeInTheDocument();
    // The dialog says it, and so does a toast.
    expect(screen.getAllByText('Invalid master password. 2 attempts remaining.')).toHaveLength(2);
    pauseToasts();

    await submit(user, MASTER);
    expect(await screen.findByText(`got ${MASTER.length} characters`)).toBeInTheDocument();
    // The refusal's toast closes once the password is accepted: paused, it would have stayed.
    await waitFor(() =>
      expect(screen.queryByText('Invalid master password. 2 attempts remaining.')).not.toBeInTheDocument(),
    );
    expect(store.getState().masterPassword).toEqual({ lockedOut: false, dialog: null });
    expect(window.localStorage.getItem('token')).toBe('session-token');
    // No password in the store, the cache or anywhere DevTools could see it.
    expect(JSON.stringify(store.getState())).not.toContain(MASTER);
  });

  it('opens with the count the server has for this session, not a fresh three', async () => {
    // Two wrong ones happened in this session before the page was loaded (another tab, a reload).
    vault.master.check('wrong');
    vault.master.check('wrong');
    const { user } = renderCallers();
    await user.click(screen.getByRole('button', { name: 'Reveal A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    expect(
      await within(dialog).findByText('1 attempt remaining. After 3 failed attempts you will be logged out.'),
    ).toBeInTheDocument();
  });

  it('shares the count between dialogs, warns below 3, and signs out 2 s after the third failure', async () => {
    const { user, store } = renderCallers();
    await user.click(screen.getByRole('button', { name: 'Reveal A' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await submit(user, 'wrong-1');
    expect(
      await within(dialog).findByText('Invalid master password. 2 attempts remaining.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/2 attempts remaining\. After 3 failed attempts/)).toBeInTheDocument();
    // A failure that leaves attempts keeps the dialog open.
    expect(dialog).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete B' }));
    dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Enter your master password to delete this password.'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText(/2 attempts remaining\. After 3/)).toBeInTheDocument();
    await submit(user, 'wrong-2');
    expect(
      await within(dialog).findByText('Invalid master password. 1 attempt remaining.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/^1 attempt remaining\. After 3/)).toBeInTheDocument();

    await submit(user, 'wrong-3');
    expect(
      await screen.findByText('Too many failed attempts. Logging out for security.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('cancelled')).toBeInTheDocument();
    expect(store.getState().masterPassword.lockedOut).toBe(true);

    // No dialog opens while the sign-out is pending.
    await user.click(screen.getByRole('button', { name: 'Delete B' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('session-token');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'), {
      timeout: 4000,
    });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Too many failed attempts. Please log in again.')).toBeInTheDocument();
    expect(store.getState().masterPassword).toEqual({ lockedOut: false, dialog: null });
    expect(vault.count('POST /auth/verify-master')).toBe(3);
  });

  it('offers the mailed code when unlocking is paused for the account, then asks for the password again', async () => {
    vault.master.pause();
    const { user } = renderCallers();
    await user.click(screen.getByRole('button', { name: 'Reveal A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlocking is paused' });
    expect(within(dialog).getByText(/unlocking is paused until/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText('We sent an unlock code to your e-mail address')).toBeInTheDocument();
    const code = within(dialog).getByLabelText('Unlock code');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText('Invalid or expired code')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Unlock code'), UNLOCK_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Unlocking is possible again')).toBeInTheDocument();

    await submit(user, MASTER);
    expect(await screen.findByText(`got ${MASTER.length} characters`)).toBeInTheDocument();
    expect(vault.count('POST /auth/master-password/unlock')).toBe(2);
  });

  it('goes to the unlock step when a wrong password reaches the day’s cap', async () => {
    // Nine wrong ones today in other sessions: the next one pauses unlocking.
    vault.master.state.failuresToday = 9;
    const { user } = renderCallers();
    await user.click(screen.getByRole('button', { name: 'Reveal A' }));
    await submit(user, 'wrong-10');
    expect(await screen.findByRole('dialog', { name: 'Unlocking is paused' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('session-token');
  });

  it('does not count a failure that is not about the master password', async () => {
    vault.fail.set('POST /auth/verify-master', { status: 503, message: 'Server busy, try again' });
    const { user } = renderCallers();
    await user.click(screen.getByRole('button', { name: 'Reveal A' }));
    const dialog = await submit(user, MASTER);
    expect(await within(dialog).findByText('Server busy, try again')).toBeInTheDocument();
    expect(within(dialog).queryByText(/attempts? remaining/)).not.toBeInTheDocument();
  });
});
