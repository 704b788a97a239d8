import { act, screen, within } from '@testing-library/react';
import { installFakeAccount } from '../../test/fakeAccountServer';
import { goOffline } from '../../test/mockApi';
import { renderSettings } from '../../test/renderSettings';

const TABS = ['Profile', 'Security', 'Data', 'Notifications', 'Activity', 'Danger Zone'];

test('the five tabs of the SPEC and Activity; Profile first; a click opens a tab and keeps it in the address', async () => {
  installFakeAccount();
  const { user, router } = await renderSettings();
  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  const tabs = within(screen.getByRole('tablist', { name: 'Settings sections' })).getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(TABS);
  expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Profile' })).toBeInTheDocument();

  await user.click(screen.getByRole('tab', { name: 'Security' }));
  expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Security' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?tab=security');
});

test('an unknown tab in the address opens Profile', async () => {
  installFakeAccount();
  const { router } = await renderSettings();
  await act(() => router.navigate('/settings?tab=nope'));
  expect(await screen.findByRole('tabpanel', { name: 'Profile' })).toBeInTheDocument();
});

test('Data: the cards handed in, and the Data Overview counts', async () => {
  installFakeAccount({
    settings: { totalPasswords: 12500, favoritePasswords: 3, totalCategories: 4, totalTags: 7 },
  });
  await renderSettings({
    tab: 'data',
    dataTools: (
      <>
        <section aria-label="Export card" />
        <section aria-label="Import card" />
      </>
    ),
  });
  const panel = screen.getByRole('tabpanel', { name: 'Data' });
  expect(within(panel).getByRole('region', { name: 'Export card' })).toBeInTheDocument();
  expect(within(panel).getByRole('region', { name: 'Import card' })).toBeInTheDocument();
  const overview = within(panel).getByRole('region', { name: 'Data Overview' });
  // Grouped as the rest of the app writes numbers.
  const counts = { 'Total Passwords': '12,500', Favorites: '3', Categories: '4', Tags: '7' };
  for (const [label, value] of Object.entries(counts)) {
    const term = await within(overview).findByText(label);
    expect(await within(term.parentElement as HTMLElement).findByText(value)).toBeInTheDocument();
  }
});

test('Data: counts that could not be loaded say so, with Retry, offline in words a person can act on', async () => {
  installFakeAccount();
  const backOnline = goOffline();
  let restored = false;
  try {
    const { user } = await renderSettings({ tab: 'data' });
    const overview = screen.getByRole('region', { name: 'Data Overview' });
    expect(
      await within(overview).findByText(
        "Your settings could not be loaded: Can't reach PassVault. Check your connection and try again.",
      ),
    ).toBeInTheDocument();
    expect(within(overview).queryByText('Total Passwords')).not.toBeInTheDocument();
    expect(screen.queryByText(/TypeError|Failed to fetch/)).not.toBeInTheDocument();

    backOnline();
    restored = true;
    await user.click(within(overview).getByRole('button', { name: 'Retry' }));
    const term = await within(overview).findByText('Total Passwords');
    expect(within(term.parentElement as HTMLElement).getByText('12')).toBeInTheDocument();
  } finally {
    if (!restored) backOnline();
  }
});

test('the page fetches the settings afresh on every visit', async () => {
  const account = installFakeAccount();
  const first = await renderSettings({ tab: 'data' });
  expect(await screen.findByText('12')).toBeInTheDocument();
  first.unmount();
  account.settings = { ...account.settings, totalPasswords: 13 };
  await renderSettings({ tab: 'data' });
  expect(await screen.findByText('13')).toBeInTheDocument();
});
