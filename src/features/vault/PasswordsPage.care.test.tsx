// Issue 14 on the Passwords page: delete goes to the trash with an Undo, flagged cards say why and offer
// a new password, and the dashboard's health links open the list filtered (/passwords?health=weak).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import PasswordsPage from './PasswordsPage';

const MASTER = 'Master#Pass1';
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

function renderPage(search?: string) {
  const user = userEvent.setup();
  const view = renderWithProviders(<PasswordsPage />, { path: '/passwords', search });
  return { user, ...view };
}

const card = (title: string) => screen.getByRole('article', { name: title });

async function answerMasterPassword(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

describe('Passwords page: trash, health and renewal', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([
      makeEntry({ _id: 'gh', title: 'GitHub', password: 'Gh-S3cret!pass' }),
      makeEntry({ _id: 'weak', title: 'Forum', password: 'abc' }),
      makeEntry({ _id: 'mail', title: 'Mail', password: 'Shared-Pa55!word' }),
      makeEntry({ _id: 'shop', title: 'Shop', password: 'Shared-Pa55!word' }),
      makeEntry({
        _id: 'bank',
        title: 'Bank',
        password: 'B4nk!Vault-key',
        health: { strength: 100, reusedIn: 0, passwordChangedAt: daysAgo(400) },
      }),
      makeEntry({
        _id: 'tv',
        title: 'Streaming',
        password: 'Tv!Sh0w-time',
        health: { strength: 100, reusedIn: 0, passwordChangedAt: daysAgo(800) },
      }),
    ]);
  });

  it('deletes into the trash, and the toast’s Undo puts the entry back without the master password', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('link', { name: 'Trash' })).toHaveAttribute('href', '/passwords/trash');
    await user.click(await screen.findByRole('button', { name: 'Delete GitHub' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete password' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await answerMasterPassword(user);
    const toast = (await screen.findByText('Password deleted successfully')).closest('[role="status"]');
    expect(toast).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'GitHub' })).not.toBeInTheDocument());
    expect(vault.trash.map((entry) => entry._id)).toEqual(['gh']);
    // The Trash link counts what is in it.
    expect(await screen.findByRole('link', { name: 'Trash (1)' })).toBeInTheDocument();

    await user.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Password restored')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'GitHub' })).toBeInTheDocument();
    expect(vault.trash).toEqual([]);
    expect(vault.entries.map((entry) => entry._id)).toContain('gh');
    // Undo closes its toast.
    await waitFor(() => expect(screen.queryByText('Password deleted successfully')).not.toBeInTheDocument());
    // One master password, for the delete; the restore asked for none.
    expect(vault.count('POST /auth/verify-master')).toBe(1);
    const restore = vault.calls.find((call) => call.route === 'POST /passwords/:id/restore');
    expect(restore?.path).toBe('/passwords/gh/restore');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Trash' })).toBeInTheDocument());
  });

  it('restores once on a double click of Undo, and says nothing failed', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete GitHub' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete password' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await answerMasterPassword(user);
    const toast = (await screen.findByText('Password deleted successfully')).closest('[role="status"]');
    await user.dblClick(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('article', { name: 'GitHub' })).toBeInTheDocument();
    expect(vault.count('POST /passwords/:id/restore')).toBe(1);
    expect(screen.queryByText('Failed to restore password')).not.toBeInTheDocument();
  });

  it('says when Undo could not restore the entry', async () => {
    vault.fail.set('POST /passwords/:id/restore', { status: 500, message: 'Database down' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Forum' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete password' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await answerMasterPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Failed to restore password')).toBeInTheDocument();
    expect(vault.trash.map((entry) => entry._id)).toEqual(['weak']);
  });

  it('says on each flagged card why, and nothing on a healthy one', async () => {
    renderPage();
    const reasons = (title: string) =>
      within(within(card(title)).getByRole('list', { name: `Password health of ${title}` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);

    await screen.findByRole('article', { name: 'Forum' });
    expect(reasons('Forum')).toEqual(['Weak']);
    expect(reasons('Mail')).toEqual(['Reused in 2 entries']);
    expect(reasons('Shop')).toEqual(['Reused in 2 entries']);
    expect(reasons('Bank')).toEqual(['Over a year old']);
    expect(reasons('Streaming')).toEqual(['2 years old']);

    const github = card('GitHub');
    expect(within(github).queryByRole('list', { name: /Password health/ })).not.toBeInTheDocument();
    expect(within(github).queryByRole('button', { name: /Generate new password/ })).not.toBeInTheDocument();
  });

  it('“Generate new password” opens the edit form with a new password filled in; saving clears the flag', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate new password for Forum' }));
    await answerMasterPassword(user);
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    expect(await screen.findByText('Password generated')).toBeInTheDocument();
    expect(within(form).getByText(/A new password was generated\. Save to use it/)).toBeInTheDocument();
    const password = within(form).getByLabelText(/^Password\W*$/) as HTMLInputElement;
    expect(password.value).not.toBe('abc');
    expect(password.value).toHaveLength(16);
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Forum');
    const generated = password.value;

    // Saving uses the master password given to open the form; the old one goes to the history.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    const update = vault.calls.find((call) => call.route === 'PUT /passwords/:id');
    expect(update?.body).toMatchObject({ password: generated, masterPassword: MASTER });
    expect(vault.count('POST /auth/verify-master')).toBe(1);
    expect(vault.history.get('weak')?.[0].password).toBe('abc');
    await waitFor(() =>
      expect(within(card('Forum')).queryByRole('list', { name: /Password health/ })).not.toBeInTheDocument(),
    );
  });

  it('opens filtered by ?health=weak, says so, and the chip clears the filter', async () => {
    const { user } = renderPage('?health=weak');
    expect(await screen.findByRole('article', { name: 'Forum' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'GitHub' })).not.toBeInTheDocument();
    expect(screen.getByText('1 password')).toBeInTheDocument();
    expect(vault.calls.find((call) => call.route === 'GET /passwords')?.query.get('health')).toBe('weak');

    await user.click(screen.getByRole('button', { name: 'Showing weak passwords, clear this filter' }));
    expect(await screen.findByRole('article', { name: 'GitHub' })).toBeInTheDocument();
    expect(screen.queryByText('Showing weak passwords')).not.toBeInTheDocument();
    expect(screen.getByText('6 passwords')).toBeInTheDocument();
    expect(vault.calls.at(-1)?.query.get('health')).toBeNull();
  });

  it('asks for a search once, with the health filter of the address and the category chosen', async () => {
    const { user } = renderPage('?health=weak');
    expect(await screen.findByRole('article', { name: 'Forum' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'other');
    await waitFor(() => expect(vault.calls.at(-1)?.query.get('category')).toBe('other'));
    await user.type(screen.getByRole('searchbox', { name: 'Search passwords' }), 'for');
    const searches = () => vault.calls.filter((call) => call.query.get('search') === 'for');
    await waitFor(() => expect(searches()).not.toHaveLength(0));
    // The page shows that answer without asking again.
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Updating the list' })).toBeNull());
    expect(screen.getByText('1 password')).toBeInTheDocument();
    // The search's request leaves before the page renders for it; the page then takes that answer.
    expect(searches()).toHaveLength(1);
    expect(searches()[0].query.get('health')).toBe('weak');
    expect(searches()[0].query.get('category')).toBe('other');
    expect(screen.getByRole('article', { name: 'Forum' })).toBeInTheDocument();
  });

  it('filters reused and old passwords too', async () => {
    const { unmount } = renderPage('?health=reused');
    expect(await screen.findByRole('article', { name: 'Mail' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Shop' })).toBeInTheDocument();
    expect(screen.getByText('Showing reused passwords')).toBeInTheDocument();
    expect(screen.getByText('2 passwords')).toBeInTheDocument();
    unmount();

    renderPage('?health=old');
    expect(await screen.findByRole('article', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Streaming' })).toBeInTheDocument();
    expect(screen.getByText('Showing old passwords')).toBeInTheDocument();
    expect(screen.getByText('2 passwords')).toBeInTheDocument();
  });

  it('when nothing needs that care, the empty state’s Clear filters shows every password again', async () => {
    vault.entries.splice(
      0,
      vault.entries.length,
      makeEntry({ title: 'Fine', password: 'Str0ng!Enough-yes' }),
    );
    const { user } = renderPage('?health=weak');
    expect(await screen.findByText('No passwords found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByText('Showing weak passwords')).not.toBeInTheDocument();
  });

  it('an unknown health value is no filter at all', async () => {
    renderPage('?health=mouldy');
    expect(await screen.findByRole('article', { name: 'GitHub' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /clear this filter/ })).not.toBeInTheDocument();
    expect(vault.calls.find((call) => call.route === 'GET /passwords')?.query.get('health')).toBeNull();
  });
});
