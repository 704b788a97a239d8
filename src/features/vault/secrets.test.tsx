// First: the stand-in for the DevTools extension must exist before Redux Toolkit loads.
import { devToolsRecord } from '../../test/devToolsRecorder';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry } from '../../test/fakeVaultServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import PasswordsPage from './PasswordsPage';

// Real providers, dialogs and typing: slower than a unit test on a busy machine.
jest.setTimeout(20_000);

const MASTER = 'Master#Pass1';
const SECRET = 'Gh-S3cret!pass';
const NOTES = 'recovery codes 1234-5678';

describe('secrets on the Passwords page', () => {
  it('never puts the master password or a decrypted value in the store, the cache or DevTools', async () => {
    installFakeVault([makeEntry({ _id: 'gh', title: 'GitHub', password: SECRET, notes: NOTES })]);
    const user = userEvent.setup();
    const { store } = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    expect(devToolsRecord.options.length).toBeGreaterThan(0);

    await user.click(await screen.findByRole('button', { name: 'Reveal password for GitHub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('article', { name: 'GitHub' })).getByText(SECRET)).toBeInTheDocument();

    // The store does not even know which entry is revealed.
    expect(store.getState().vault).toEqual({ search: '', category: 'all', favoritesOnly: false });
    const state = JSON.stringify(store.getState());
    for (const secret of [MASTER, SECRET, NOTES]) expect(state).not.toContain(secret);

    // DevTools saw the calls happen, but not what they carried.
    const seen = JSON.stringify(devToolsRecord.actions) + JSON.stringify(devToolsRecord.state);
    expect(seen).toContain('verifyMasterPassword');
    expect(seen).toContain('viewPassword');
    for (const secret of [MASTER, SECRET, NOTES]) expect(seen).not.toContain(secret);

    // Hiding clears the decrypted value from the page too.
    await user.click(screen.getByRole('button', { name: 'Hide password for GitHub' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reveal password for GitHub' })).toBeInTheDocument();
  });
});
