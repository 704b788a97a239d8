// First: the stand-in for the DevTools extension must exist before Redux Toolkit loads.
import { devToolsRecord } from '../../../test/devToolsRecorder';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry, type FakeVault } from '../../../test/fakeVaultServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import PasswordsPage from '../PasswordsPage';
import { readableDate } from '../readableDate';

const MASTER = 'Master#Pass1';
const CURRENT = 'Gh-S3cret!pass';
const EARLIER = [
  { password: 'Old-Pa55!second', changedAt: '2026-03-02T09:30:00.000Z' },
  { password: 'Old-Pa55!first', changedAt: '2025-11-20T18:05:00.000Z' },
];

type User = ReturnType<typeof userEvent.setup>;

async function answerMasterPassword(user: User) {
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

async function openEdit(user: User, title = 'GitHub') {
  await user.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  await answerMasterPassword(user);
  return screen.findByRole('dialog', { name: 'Edit Password' });
}

async function openHistory(user: User, form: HTMLElement) {
  await user.click(within(form).getByRole('button', { name: 'Password history' }));
  await answerMasterPassword(user);
}

describe('password history in the edit form', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([
      makeEntry({ _id: 'gh', title: 'GitHub', password: CURRENT }),
      makeEntry({ _id: 'bank', title: 'Bank' }),
    ]);
    vault.history.set('gh', EARLIER);
  });

  it('asks for the master password, then lists the earlier passwords masked, each with reveal and copy', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    const form = await openEdit(user);
    const toggle = within(form).getByRole('button', { name: 'Password history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The entry's activity moved to its detail panel (details/EntryDetails.test.tsx): the form has none.
    expect(within(form).queryByRole('button', { name: 'Activity of this entry' })).not.toBeInTheDocument();
    await openHistory(user, form);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await within(form).findByRole('list', { name: 'Earlier passwords' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const newest = readableDate(EARLIER[0].changedAt);
    expect(within(items[0]).getByText(`Changed ${newest}`)).toBeInTheDocument();
    expect(within(items[1]).getByText(`Changed ${readableDate(EARLIER[1].changedAt)}`)).toBeInTheDocument();
    expect(within(list).getAllByText('••••••••')).toHaveLength(2);
    expect(within(list).queryByText(EARLIER[0].password)).not.toBeInTheDocument();
    expect(vault.calls.find((call) => call.route === 'POST /passwords/:id/history')?.body).toEqual({
      masterPassword: MASTER,
    });

    await user.click(within(items[0]).getByRole('button', { name: `Reveal password changed ${newest}` }));
    expect(within(items[0]).getByText(EARLIER[0].password)).toBeInTheDocument();
    expect(within(items[1]).queryByText(EARLIER[1].password)).not.toBeInTheDocument();
    await user.click(within(items[0]).getByRole('button', { name: `Hide password changed ${newest}` }));
    expect(within(items[0]).queryByText(EARLIER[0].password)).not.toBeInTheDocument();

    // Copy works masked too, and says so (the clipboard is cleared later, like any password copy).
    await user.click(
      within(items[1]).getByRole('button', {
        name: `Copy password changed ${readableDate(EARLIER[1].changedAt)}`,
      }),
    );
    expect(await screen.findByText('Password copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(EARLIER[1].password);

    // Never in the store, the cache or what DevTools is shown.
    const state = JSON.stringify(store.getState());
    const seen = JSON.stringify(devToolsRecord.actions) + JSON.stringify(devToolsRecord.state);
    expect(seen).toContain('getPasswordHistory');
    for (const secret of [MASTER, ...EARLIER.map((item) => item.password)]) {
      expect(state).not.toContain(secret);
      expect(seen).not.toContain(secret);
    }
  });

  it('forgets the earlier passwords when the form closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    let form = await openEdit(user);
    await openHistory(user, form);
    await within(form).findByRole('list', { name: 'Earlier passwords' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/^Changed /)).not.toBeInTheDocument();

    form = await openEdit(user);
    expect(within(form).getByRole('button', { name: 'Password history' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(form).queryByRole('list', { name: 'Earlier passwords' })).not.toBeInTheDocument();
    expect(vault.count('POST /passwords/:id/history')).toBe(1);
  });

  it('says when there are no earlier passwords; a saved change shows up there next time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    let form = await openEdit(user, 'Bank');
    await openHistory(user, form);
    expect(await within(form).findByText('No earlier passwords')).toBeInTheDocument();

    const password = within(form).getByLabelText(/^Password\W*$/);
    const before = (password as HTMLInputElement).value;
    await user.clear(password);
    await user.type(password, 'N3w!Bank-secret');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    form = await openEdit(user, 'Bank');
    await openHistory(user, form);
    const list = await within(form).findByRole('list', { name: 'Earlier passwords' });
    await user.click(within(list).getByRole('button', { name: /^Reveal password changed/ }));
    expect(within(list).getByText(before)).toBeInTheDocument();
  });

  it('keeps the form as it was when the master password is cancelled or the history fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    const form = await openEdit(user);
    await user.click(within(form).getByRole('button', { name: 'Password history' }));
    const prompt = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(prompt).not.toBeInTheDocument());
    expect(vault.count('POST /passwords/:id/history')).toBe(0);
    expect(within(form).getByLabelText(/^Password\W*$/)).toHaveValue(CURRENT);

    vault.fail.set('POST /passwords/:id/history', { status: 500, message: 'Database down' });
    await openHistory(user, form);
    expect(await screen.findByText('Failed to load password history')).toBeInTheDocument();
    expect(within(form).queryByRole('list', { name: 'Earlier passwords' })).not.toBeInTheDocument();
  });

  it('is not offered when adding a password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await user.click(await screen.findByRole('button', { name: 'Add Password' }));
    const form = await screen.findByRole('dialog', { name: 'Add Password' });
    expect(within(form).queryByRole('button', { name: 'Password history' })).not.toBeInTheDocument();
  });
});
