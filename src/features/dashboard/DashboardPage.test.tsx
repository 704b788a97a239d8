import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import { goOffline } from '../../test/mockApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import DashboardPage from './DashboardPage';

function renderDashboard() {
  const user = userEvent.setup();
  const view = renderWithProviders(<DashboardPage />, { path: '/dashboard' });
  return { user, ...view };
}

const statValue = (label: string) => {
  const heading = screen.getByRole('heading', { name: label });
  return heading.nextElementSibling?.textContent;
};

describe('DashboardPage', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault(
      Array.from({ length: 7 }, (_, index) =>
        makeEntry({
          title: `Site ${index + 1}`,
          category: index < 4 ? 'work' : 'social',
          isFavorite: index === 0,
        }),
      ),
    );
  });

  it('shows the four stat cards, the 5 most recent entries and the categories', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Passwords')).toBe('7'));
    expect(statValue('Favorites')).toBe('1');
    expect(statValue('Categories')).toBe('2');
    expect(statValue('Security Score')).toBe('85%');
    expect(screen.getByRole('link', { name: /Total Passwords/ })).toHaveAttribute('href', '/passwords');

    const recent = screen.getByRole('region', { name: 'Recent Passwords' });
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(5));
    expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent('Site 7');
    expect(within(recent).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/passwords');
    expect(vault.calls.find((call) => call.route === 'GET /passwords')?.query.get('limit')).toBe('5');

    const categories = screen.getByRole('region', { name: 'Categories Breakdown' });
    expect(within(categories).getByText('Work')).toBeInTheDocument();
    expect(within(categories).getByText('Social')).toBeInTheDocument();
    expect(within(categories).getByRole('progressbar', { name: 'Work: 4 of 7' })).toBeInTheDocument();
  });

  it('writes large counts as the rest of the app does, with their thousands grouped', async () => {
    const shared = makeEntry({ title: 'Bulk', category: 'work', password: 'Shared-Pa55!word' });
    vault.entries.push(...Array.from({ length: 1230 }, (_, i) => ({ ...shared, _id: `bulk-${i}` })));
    renderDashboard();
    await waitFor(() => expect(statValue('Total Passwords')).toBe('1,237'));
    const categories = screen.getByRole('region', { name: 'Categories Breakdown' });
    expect(within(categories).getByText('1,234')).toBeInTheDocument();
    expect(within(categories).getByRole('progressbar', { name: 'Work: 1,234 of 1,237' })).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Password health' });
    await waitFor(() =>
      expect(
        within(panel).getByRole('heading', { name: 'Reused' }).parentElement?.nextElementSibling?.textContent,
      ).toBe('1,230'),
    );
  });

  it('shows both empty states, and the link leads to adding a password', async () => {
    vault.entries.length = 0;
    const { user } = renderDashboard();
    expect(await screen.findByText('No passwords yet')).toBeInTheDocument();
    expect(screen.getByText('No categories yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add your first password' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/passwords');
  });

  const toasts = (text: string) =>
    screen.queryAllByText(text, { selector: '.notistack-SnackbarContainer .MuiAlert-message' });

  it('shows the error banner and one toast, empties the data without claiming an empty vault, and Retry loads it again', async () => {
    vault.fail.set('GET /passwords/stats', { status: 500, message: 'Database down' });
    vault.fail.set('GET /passwords', { status: 500, message: 'Database down' });
    const { user } = renderDashboard();
    const text = 'Failed to load dashboard data: Database down';
    // The banner with Retry, and the toast.
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // Not "0" and not the empty states: nothing is known about the vault.
    expect(statValue('Total Passwords')).toBe('–Not available');
    expect(statValue('Favorites')).toBe('–Not available');
    expect(statValue('Categories')).toBe('–Not available');
    expect(statValue('Security Score')).toBe('85%');
    expect(screen.queryByText('No categories yet')).not.toBeInTheDocument();
    expect(screen.queryByText('No passwords yet')).not.toBeInTheDocument();
    expect(screen.getByText('Your categories could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Your recent passwords could not be loaded.')).toBeInTheDocument();
    // Two requests failed: one toast says so.
    await waitFor(() => expect(toasts(text)).toHaveLength(1));

    vault.fail.clear();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(statValue('Total Passwords')).toBe('7'));
    expect(
      within(screen.getByRole('region', { name: 'Recent Passwords' })).getAllByRole('listitem'),
    ).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(toasts(text)).toHaveLength(1);
  });

  it("offline, the banner says PassVault can't be reached, never the browser's TypeError", async () => {
    const backOnline = goOffline();
    try {
      renderDashboard();
      const text =
        "Failed to load dashboard data: Can't reach PassVault. Check your connection and try again.";
      await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThanOrEqual(1));
      expect(screen.queryByText(/TypeError/)).not.toBeInTheDocument();
      await waitFor(() => expect(toasts(text)).toHaveLength(1));
    } finally {
      backOnline();
    }
  });

  it('shows the password health counts; each opens the Passwords page filtered by it', async () => {
    const yearsAgo = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000).toISOString();
    vault.entries.push(
      makeEntry({ title: 'Forum', password: 'abc' }),
      makeEntry({
        title: 'Old forum',
        password: 'abc123',
        health: { strength: 25, reusedIn: 0, passwordChangedAt: yearsAgo },
      }),
      makeEntry({ title: 'Mail', password: 'Shared-Pa55!word' }),
      makeEntry({ title: 'Shop', password: 'Shared-Pa55!word' }),
    );
    const { user } = renderDashboard();
    const panel = screen.getByRole('region', { name: 'Password health' });
    const count = (label: string) =>
      within(panel).getByRole('heading', { name: label }).parentElement?.nextElementSibling?.textContent;
    await waitFor(() => expect(count('Weak')).toBe('2'));
    expect(count('Reused')).toBe('2');
    expect(count('Old')).toBe('1');
    expect(
      within(panel).getByText('Open a count to see those passwords and replace them.'),
    ).toBeInTheDocument();
    // The SPEC's fixed figure is untouched.
    expect(statValue('Security Score')).toBe('85%');

    for (const [name, filter] of [
      ['Weak', 'weak'],
      ['Reused', 'reused'],
      ['Old', 'old'],
    ]) {
      expect(within(panel).getByRole('link', { name: new RegExp(`^${name} `) })).toHaveAttribute(
        'href',
        `/passwords?health=${filter}`,
      );
    }
    await user.click(within(panel).getByRole('link', { name: /^Weak / }));
    expect(screen.getByTestId('location')).toHaveTextContent('/passwords');
    expect(screen.getByTestId('location-search')).toHaveTextContent('?health=weak');
  });

  it('says when no password needs care, and offers Retry when the health cannot be loaded', async () => {
    vault.fail.set('GET /passwords/health', { status: 500, message: 'Database down' });
    const { user } = renderDashboard();
    const panel = screen.getByRole('region', { name: 'Password health' });
    expect(
      await within(panel).findByText('Failed to load password health: Database down'),
    ).toBeInTheDocument();
    // The rest of the dashboard is fine.
    await waitFor(() => expect(statValue('Total Passwords')).toBe('7'));

    vault.fail.clear();
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(
      await within(panel).findByText('No weak, reused or old passwords. Well done!'),
    ).toBeInTheDocument();
    expect(within(panel).getAllByText('0')).toHaveLength(3);
  });

  it('opens the password form from Add Password', async () => {
    const { user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Add Password' }));
    expect(await screen.findByRole('dialog', { name: 'Add Password' })).toBeInTheDocument();
  });
});
