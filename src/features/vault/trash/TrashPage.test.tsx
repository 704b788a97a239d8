import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry, type FakeVault } from '../../../test/fakeVaultServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { mockPendingApi } from '../../../test/mockApi';
import { readableDate } from '../readableDate';
import TrashPage from './TrashPage';

const MASTER = 'Master#Pass1';
const DAY_MS = 24 * 60 * 60 * 1000;
const DELETED_AT = new Date(Date.now() - 3 * DAY_MS).toISOString();

function renderTrash() {
  const user = userEvent.setup();
  const view = renderWithProviders(<TrashPage />, { path: '/passwords/trash' });
  return { user, ...view };
}

const entry = (title: string) => screen.getByRole('article', { name: title });

describe('Trash page', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([makeEntry({ _id: 'kept', title: 'Kept' })]);
    vault.trash.push(
      {
        ...makeEntry({
          _id: 'gh',
          title: 'GitHub',
          email: 'octo@example.com',
          website: 'https://github.com',
        }),
        deletedAt: DELETED_AT,
      },
      { ...makeEntry({ _id: 'bank', title: 'Bank', email: 'jdoe', website: '' }), deletedAt: DELETED_AT },
    );
  });

  it('lists the deleted entries: what they were, when they were deleted, and how long they stay', async () => {
    renderTrash();
    expect(screen.getByRole('heading', { level: 1, name: 'Trash' })).toBeInTheDocument();
    expect(screen.getByText('Deleted entries are removed for good after 30 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Passwords' })).toHaveAttribute('href', '/passwords');
    const github = await screen.findByRole('article', { name: 'GitHub' });
    expect(within(github).getByText('octo@example.com')).toBeInTheDocument();
    expect(within(github).getByText('https://github.com')).toBeInTheDocument();
    expect(
      within(github).getByText(`Deleted ${readableDate(DELETED_AT)} · Removed for good in 27 days`),
    ).toBeInTheDocument();
    expect(within(entry('Bank')).getByText('jdoe')).toBeInTheDocument();
    expect(screen.getByText('2 deleted passwords')).toBeInTheDocument();
    // No secret is listed.
    expect(screen.queryByText(vault.trash[0].password)).not.toBeInTheDocument();
  });

  it('restores an entry in one click, without the master password', async () => {
    const { user } = renderTrash();
    await user.click(await screen.findByRole('button', { name: 'Restore GitHub' }));
    expect(await screen.findByText('Password restored')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'GitHub' })).not.toBeInTheDocument());
    expect(entry('Bank')).toBeInTheDocument();
    expect(screen.getByText('1 deleted password')).toBeInTheDocument();
    expect(vault.entries.map((e) => e._id).sort()).toEqual(['gh', 'kept']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(vault.count('POST /auth/verify-master')).toBe(0);
  });

  it('deletes forever after the confirmation and the master password', async () => {
    const { user } = renderTrash();
    await user.click(await screen.findByRole('button', { name: 'Delete forever: Bank' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete forever' });
    expect(within(confirm).getByText(/“Bank” will be deleted for good/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete forever' }));

    const prompt = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.type(within(prompt).getByLabelText(/^Master password/), MASTER);
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Password deleted permanently')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bank' })).not.toBeInTheDocument());
    expect(vault.trash.map((e) => e._id)).toEqual(['gh']);
    expect(vault.calls.find((call) => call.route === 'DELETE /passwords/:id/purge')?.body).toEqual({
      masterPassword: MASTER,
    });
  });

  it('keeps the entry when the question or the master password is cancelled', async () => {
    const { user } = renderTrash();
    await user.click(await screen.findByRole('button', { name: 'Delete forever: Bank' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete forever' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete forever: Bank' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete forever' })).getByRole('button', {
        name: 'Delete forever',
      }),
    );
    const prompt = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(entry('Bank')).toBeInTheDocument();
    expect(vault.count('DELETE /passwords/:id/purge')).toBe(0);
  });

  it('says so when deleting forever fails, and keeps the entry', async () => {
    vault.fail.set('DELETE /passwords/:id/purge', { status: 500, message: 'Database down' });
    const { user } = renderTrash();
    await user.click(await screen.findByRole('button', { name: 'Delete forever: Bank' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete forever' })).getByRole('button', {
        name: 'Delete forever',
      }),
    );
    const prompt = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.type(within(prompt).getByLabelText(/^Master password/), MASTER);
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to delete password')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(entry('Bank')).toBeInTheDocument();
    expect(within(entry('Bank')).getByRole('button', { name: 'Restore Bank' })).toBeEnabled();
  });

  it('empties the trash after the question and the master password, up to the newest deletion shown', async () => {
    const newest = new Date(Date.now() - DAY_MS).toISOString();
    vault.trash.unshift({ ...makeEntry({ _id: 'mail', title: 'Mail' }), deletedAt: newest });
    const { user } = renderTrash();
    await user.click(await screen.findByRole('button', { name: 'Empty trash' }));
    const confirm = await screen.findByRole('dialog', { name: 'Empty trash' });
    expect(
      within(confirm).getByText(
        'All 3 deleted passwords will be deleted for good, with their password history. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Empty trash' }));
    const prompt = await screen.findByRole('dialog', { name: 'Master password required' });
    expect(
      within(prompt).getByText(/Enter your master password to delete everything in the trash for good/),
    ).toBeInTheDocument();
    await user.type(within(prompt).getByLabelText(/^Master password/), MASTER);
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Trash emptied: 3 passwords deleted for good')).toBeInTheDocument();
    expect(await screen.findByText('The trash is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument();
    expect(vault.calls.find((call) => call.route === 'DELETE /passwords/trash')?.body).toEqual({
      masterPassword: MASTER,
      through: newest,
    });
    await waitFor(() =>
      expect(screen.getByText('The trash is empty').closest('[tabindex="-1"]')).toHaveFocus(),
    );
  });

  it('keeps the trash when emptying it is cancelled or fails', async () => {
    const { user } = renderTrash();
    await user.click(await screen.findByRole('button', { name: 'Empty trash' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Empty trash' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(vault.count('DELETE /passwords/trash')).toBe(0);

    vault.fail.set('DELETE /passwords/trash', { status: 500, message: 'Database down' });
    await user.click(screen.getByRole('button', { name: 'Empty trash' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Empty trash' })).getByRole('button', {
        name: 'Empty trash',
      }),
    );
    const prompt = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.type(within(prompt).getByLabelText(/^Master password/), MASTER);
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to empty the trash')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(entry('Bank')).toBeInTheDocument();
    expect(entry('GitHub')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Empty trash' })).toBeEnabled();
  });

  it('shows the empty state', async () => {
    vault.trash.length = 0;
    renderTrash();
    expect(await screen.findByText('The trash is empty')).toBeInTheDocument();
    expect(screen.getByText('Passwords you delete stay here for 30 days.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument();
  });

  it('shows a placeholder while loading', () => {
    mockPendingApi();
    renderTrash();
    expect(screen.getByText('Loading the trash…')).toBeInTheDocument();
  });

  it('shows the error with Retry, which loads the trash again', async () => {
    vault.fail.set('GET /passwords/trash', { status: 500, message: 'Database down' });
    const { user } = renderTrash();
    expect(await screen.findByText('Failed to load the trash: Database down')).toBeInTheDocument();
    vault.fail.clear();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'GitHub' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load the trash/)).not.toBeInTheDocument();
  });
});
