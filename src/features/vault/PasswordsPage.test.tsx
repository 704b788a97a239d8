import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { goOffline, mockPendingApi } from '../../test/mockApi';
import { loadListPreferences } from '../settings';
import PasswordsPage from './PasswordsPage';

const MASTER = 'Master#Pass1';

function renderPage() {
  const user = userEvent.setup();
  const view = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
  return { user, ...view };
}

const card = (title: string) => screen.getByRole('article', { name: title });

async function answerMasterPassword(user: ReturnType<typeof userEvent.setup>, masterPassword: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), masterPassword);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  return dialog;
}

describe('PasswordsPage', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([
      makeEntry({
        _id: 'gh',
        title: 'GitHub',
        email: 'octo@example.com',
        website: 'https://github.com',
        category: 'work',
        isFavorite: true,
        password: 'Gh-S3cret!pass',
      }),
      makeEntry({ _id: 'bank', title: 'Bank', email: 'jdoe', website: '', category: 'finance' }),
    ]);
  });

  it('shows the header, the filters and a loading placeholder while fetching', () => {
    mockPendingApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Passwords' })).toBeInTheDocument();
    expect(screen.getByText('Manage your secure credentials')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search passwords, websites, usernames...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
    expect(screen.getByText('Loading passwords…')).toBeInTheDocument();
  });

  it('offers all and the six categories', async () => {
    const { user } = renderPage();
    const category = screen.getByRole('combobox', { name: 'Category' });
    const options = within(category).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'all',
      'social',
      'work',
      'finance',
      'entertainment',
      'shopping',
      'other',
    ]);
    await user.selectOptions(category, 'finance');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'GitHub' })).not.toBeInTheDocument());
    expect(card('Bank')).toBeInTheDocument();
    expect(vault.calls.at(-1)?.query.get('category')).toBe('finance');
  });

  it('renders a card per entry: badge, copy buttons, masked password and named buttons', async () => {
    renderPage();
    const github = await screen.findByRole('article', { name: 'GitHub' });
    expect(within(github).getByText('Favorite')).toBeInTheDocument();
    expect(within(github).getByText('https://github.com')).toBeInTheDocument();
    expect(within(github).getByText('octo@example.com')).toBeInTheDocument();
    expect(within(github).getByText('••••••••')).toBeInTheDocument();
    for (const name of [
      'Copy website for GitHub',
      'Copy email for GitHub',
      'Reveal password for GitHub',
      'Remove GitHub from favorites',
      'Edit GitHub',
      'Delete GitHub',
    ]) {
      expect(within(github).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(
      within(github).queryByRole('button', { name: 'Copy password for GitHub' }),
    ).not.toBeInTheDocument();

    const bank = card('Bank');
    expect(within(bank).queryByText('Favorite')).not.toBeInTheDocument();
    expect(within(bank).getByRole('button', { name: 'Copy username for Bank' })).toBeInTheDocument();
    expect(within(bank).queryByRole('button', { name: 'Copy website for Bank' })).not.toBeInTheDocument();
    expect(within(bank).getByRole('button', { name: 'Add Bank to favorites' })).toBeInTheDocument();
    expect(screen.getByText('2 passwords')).toBeInTheDocument();
  });

  it('copies the website and says so', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy website for GitHub' }));
    expect(await screen.findByText('Website copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('https://github.com');
  });

  it('shows the empty state for a new vault', async () => {
    vault.entries.length = 0;
    renderPage();
    expect(await screen.findByText('No passwords found')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first password')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Password' })).toHaveLength(2);
  });

  it('searches after a pause, keeping focus and caret, and hints at the filters when nothing matches', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'GitHub' });
    const search = screen.getByPlaceholderText(
      'Search passwords, websites, usernames...',
    ) as HTMLInputElement;
    await user.click(search);
    await user.type(search, 'git');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bank' })).not.toBeInTheDocument());
    expect(vault.calls.at(-1)?.query.get('search')).toBe('git');
    expect(vault.calls.filter((call) => call.query.get('search') === 'g')).toHaveLength(0);
    expect(search).toHaveFocus();
    expect(search).toHaveValue('git');
    expect(search.selectionStart).toBe(3);

    await user.type(search, 'zzz');
    expect(await screen.findByText('No passwords found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
    expect(search).toHaveFocus();
    expect(search).toBe(screen.getByPlaceholderText('Search passwords, websites, usernames...'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Bank' })).toBeInTheDocument();
    expect(search).toHaveValue('');
  });

  it('keeps the list it shows while a search waits for its answer, and says so once the wait is long', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithProviders(<PasswordsPage />, { path: '/passwords' });
      await screen.findByRole('article', { name: 'Bank' });
      const release = vault.hold('GET /passwords');
      await user.type(screen.getByRole('searchbox', { name: 'Search passwords' }), 'git');
      await act(() => jest.advanceTimersByTimeAsync(250));
      expect(vault.calls.at(-1)?.query.get('search')).toBe('git');

      // Asked for: the list, its count and the page stay as they were for a moment...
      await act(() => jest.advanceTimersByTimeAsync(140));
      expect(card('Bank')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('2 passwords');
      expect(screen.queryByLabelText('Updating the list')).not.toBeInTheDocument();
      // ...then the page says it is updating, over the same list.
      await act(() => jest.advanceTimersByTimeAsync(20));
      expect(screen.getByLabelText('Updating the list')).toBeInTheDocument();
      expect(card('Bank')).toBeInTheDocument();

      release();
      await act(() => jest.advanceTimersByTimeAsync(50));
      expect(screen.queryByRole('article', { name: 'Bank' })).not.toBeInTheDocument();
      expect(card('GitHub')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('1 password');
      expect(screen.queryByLabelText('Updating the list')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a quick answer to a search in one step, never saying it is updating', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Bank' });
    const updating: string[] = [];
    const observer = new MutationObserver(() => {
      if (screen.queryByLabelText('Updating the list')) updating.push(document.body.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await user.type(screen.getByRole('searchbox', { name: 'Search passwords' }), 'git');
      await waitFor(() => expect(screen.queryByRole('article', { name: 'Bank' })).not.toBeInTheDocument());
    } finally {
      observer.disconnect();
    }
    expect(updating).toEqual([]);
  });

  it('shows the latest search when an earlier one answers after it was asked for', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Bank' });
    const search = screen.getByRole('searchbox', { name: 'Search passwords' });
    const release = vault.hold('GET /passwords');
    await user.type(search, 'git');
    await waitFor(() => expect(vault.calls.at(-1)?.query.get('search')).toBe('git'));
    await user.type(search, 'zzz');
    await waitFor(() => expect(vault.calls.at(-1)?.query.get('search')).toBe('gitzzz'));

    release();
    expect(await screen.findByText('No passwords found')).toBeInTheDocument();
    expect(search).toHaveValue('gitzzz');
    expect(search).toHaveFocus();
  });

  it('lets Clear filters win over a search still waiting for its answer', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Bank' });
    const search = screen.getByRole('searchbox', { name: 'Search passwords' });
    await user.type(search, 'zzz');
    const clear = await screen.findByRole('button', { name: 'Clear filters' });

    const release = vault.hold('GET /passwords');
    await user.type(search, 'q');
    await waitFor(() => expect(vault.calls.at(-1)?.query.get('search')).toBe('zzzq'));
    await user.click(clear);
    expect(search).toHaveValue('');
    expect(await screen.findByRole('article', { name: 'Bank' })).toBeInTheDocument();

    release();
    await waitFor(() =>
      expect(vault.calls.filter((call) => call.query.get('search') === 'zzzq')).toHaveLength(1),
    );
    // The late answer changes nothing: the whole list, an empty search box.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(card('Bank')).toBeInTheDocument();
    expect(card('GitHub')).toBeInTheDocument();
    expect(search).toHaveValue('');
  });

  it('shows only favourites when the toggle is on', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Bank' });
    await user.click(screen.getByRole('button', { name: 'Favorites' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bank' })).not.toBeInTheDocument());
    expect(card('GitHub')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reveals after the master password, copies the password, and hides it again', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reveal password for GitHub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Master password is required')).toBeInTheDocument();

    await answerMasterPassword(user, MASTER);
    expect(await screen.findByText('Password revealed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const github = card('GitHub');
    expect(within(github).getByText('Gh-S3cret!pass')).toBeInTheDocument();

    await user.click(within(github).getByRole('button', { name: 'Copy password for GitHub' }));
    expect(await screen.findByText('Password copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('Gh-S3cret!pass');

    await user.click(within(github).getByRole('button', { name: 'Hide password for GitHub' }));
    expect(within(github).queryByText('Gh-S3cret!pass')).not.toBeInTheDocument();
    expect(within(github).getByText('••••••••')).toBeInTheDocument();
    expect(
      within(github).queryByRole('button', { name: 'Copy password for GitHub' }),
    ).not.toBeInTheDocument();
    // Reveal state is per entry.
    expect(within(card('Bank')).getByText('••••••••')).toBeInTheDocument();
  });

  it('toggles a favourite and says so', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Bank to favorites' }));
    expect(await screen.findByText('Added to favorites')).toBeInTheDocument();
    expect(within(card('Bank')).getByText('Favorite')).toBeInTheDocument();
    expect(
      within(card('Bank')).getByRole('button', { name: 'Remove Bank from favorites' }),
    ).toBeInTheDocument();
  });

  it('tells when the favourite could not be changed and puts it back', async () => {
    vault.fail.set('PATCH /passwords/:id/favorite', { status: 500, message: 'Database down' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Bank to favorites' }));
    expect(await screen.findByText('Failed to update favorite status')).toBeInTheDocument();
    expect(within(card('Bank')).getByRole('button', { name: 'Add Bank to favorites' })).toBeInTheDocument();
  });

  it('deletes after the confirmation and the master password', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Bank' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete password' });
    expect(within(confirm).getByText('Are you sure you want to delete this password?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await answerMasterPassword(user, MASTER);
    expect(await screen.findByText('Password deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bank' })).not.toBeInTheDocument());
    expect(vault.entries.map((entry) => entry._id)).toEqual(['gh']);
  });

  it('edits with the secrets filled in and saves with the same master password', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit GitHub' }));
    await answerMasterPassword(user, MASTER);
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    expect(within(form).getByLabelText(/^Password\W*$/)).toHaveValue('Gh-S3cret!pass');
    const title = within(form).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'GitHub Work');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'GitHub Work' })).toBeInTheDocument();
    const update = vault.calls.find((call) => call.route === 'PUT /passwords/:id');
    expect(update?.body).toMatchObject({
      title: 'GitHub Work',
      password: 'Gh-S3cret!pass',
      masterPassword: MASTER,
    });
    expect(vault.count('POST /auth/verify-master')).toBe(1);
  });

  it('refuses to save over a change made elsewhere since the form opened, and keeps what was typed', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit GitHub' }));
    await answerMasterPassword(user, MASTER);
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    const openedAt = vault.entries[0]?.updatedAt;
    // Another tab saves a new password meanwhile.
    vault.entries[0] = {
      ...vault.entries[0]!,
      password: 'Other-Tab-1!',
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    const title = within(form).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'GitHub Work');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This entry was changed elsewhere after you opened it. Close the form and edit it again to see the changes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Password' })).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('GitHub Work');
    expect(vault.calls.find((call) => call.route === 'PUT /passwords/:id')?.body).toMatchObject({
      ifUpdatedAt: openedAt,
    });
    expect(vault.entries[0]).toMatchObject({ title: 'GitHub', password: 'Other-Tab-1!' });
  });

  it('opens the add form when another screen sends the user here to add one', async () => {
    renderWithProviders(<PasswordsPage />, { path: '/passwords', locationState: { addPassword: true } });
    expect(await screen.findByRole('dialog', { name: 'Add Password' })).toBeInTheDocument();
  });

  it('keeps the list on screen while the list settings it could not read are asked for again', async () => {
    // The fake server has no settings: the page went on in the default order. Anything that subscribes
    // to them later asks again; until that answer, the page has nothing new to show.
    const { store } = renderPage();
    const github = await screen.findByRole('article', { name: 'GitHub' });
    await act(async () => {
      await store.dispatch(loadListPreferences());
    });
    expect(card('GitHub')).toBe(github);
    expect(screen.getByRole('status')).toHaveTextContent('2 passwords');
  });

  describe('when the list cannot be fetched', () => {
    const toasts = (text: string) => screen.queryAllByText(text, { selector: '.MuiAlert-message' });

    it('shows the failure with Retry in place of the cards (never the empty state), toasts once, and Retry brings the list', async () => {
      vault.fail.set('GET /passwords', { status: 500, message: 'Database down' });
      const { user } = renderPage();
      expect(
        await screen.findByRole('heading', { name: "Your passwords couldn't be loaded" }),
      ).toBeInTheDocument();
      expect(screen.getByText('Database down')).toBeInTheDocument();
      expect(screen.queryByText('No passwords found')).not.toBeInTheDocument();
      expect(screen.queryByText('Get started by adding your first password')).not.toBeInTheDocument();
      expect(screen.queryByText(/^\d+ passwords?$/)).not.toBeInTheDocument();
      expect(screen.queryByRole('article')).not.toBeInTheDocument();
      await waitFor(() => expect(toasts('Failed to fetch passwords')).toHaveLength(1));
      // However many requests the failure took, one toast says so.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(toasts('Failed to fetch passwords')).toHaveLength(1);

      vault.fail.delete('GET /passwords');
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('article', { name: 'GitHub' })).toBeInTheDocument();
      expect(screen.getByText('2 passwords')).toBeInTheDocument();
      expect(
        screen.queryByRole('heading', { name: "Your passwords couldn't be loaded" }),
      ).not.toBeInTheDocument();
      expect(toasts('Failed to fetch passwords')).toHaveLength(1);
    });

    it('a search whose list fails shows the failure with a Retry that can be pressed, again and again', async () => {
      const { user } = renderPage();
      await screen.findByRole('article', { name: 'GitHub' });
      vault.fail.set('GET /passwords', { status: 500, message: 'Database down' });
      await user.type(screen.getByPlaceholderText('Search passwords, websites, usernames...'), 'git');
      const failed = await screen.findByRole('heading', { name: "Your passwords couldn't be loaded" });
      expect(failed).toBeInTheDocument();
      // Not "retrying": the failed list is not being fetched.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled());

      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled());
      expect(screen.getByRole('heading', { name: "Your passwords couldn't be loaded" })).toBeInTheDocument();

      vault.fail.delete('GET /passwords');
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('article', { name: 'GitHub' })).toBeInTheDocument();
      expect(screen.getByText('1 password')).toBeInTheDocument();
    });

    it("offline, says PassVault can't be reached, in words, never the browser's TypeError", async () => {
      const backOnline = goOffline();
      try {
        renderPage();
        expect(
          await screen.findByText("Can't reach PassVault. Check your connection and try again."),
        ).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
        expect(screen.queryByText(/TypeError|Failed to fetch$/)).not.toBeInTheDocument();
        await waitFor(() => expect(toasts('Failed to fetch passwords')).toHaveLength(1));
      } finally {
        backOnline();
      }
    });
  });
});
