import { act, screen, waitFor, within } from '@testing-library/react';
import { getStoredToken } from '../../shared/api/tokenStorage';
import { currentUnlockKey, forgetUnlockWindow, openUnlockWindow } from '../../shared/api/vaultUnlock';
import { setViewportWidth } from '../../test/media';
import { mockApi } from '../../test/mockApi';
import { renderApp, TEST_USER } from '../../test/renderApp';

const banner = () => screen.getByRole('banner');

describe('wide window', () => {
  test('signed out: Login and Get Started, and the theme toggle', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    expect(within(banner()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(banner()).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(within(banner()).getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(within(banner()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  test('signed in: the three pages, the first name and e-mail, logout and the theme toggle', async () => {
    renderApp('/', { session: 'signedIn' });
    const nav = await screen.findByRole('navigation', { name: 'Primary' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard', '/passwords', '/settings']);
    expect(within(banner()).getByText('Ada')).toBeInTheDocument();
    expect(within(banner()).getByText(TEST_USER.email)).toBeInTheDocument();
    expect(within(banner()).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(banner()).getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(within(banner()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  test("a user without a first name is shown as 'User'", async () => {
    renderApp('/', { session: 'signedIn', user: { ...TEST_USER, firstName: '' } });
    expect(await within(await screen.findByRole('banner')).findByText('User')).toBeInTheDocument();
  });

  test('logout revokes the token on the server, forgets it and returns to /', async () => {
    const { calls } = mockApi({ 'POST /auth/logout': { body: { success: true, message: 'Logged out' } } });
    const { user, router, store } = renderApp('/dashboard', { session: 'signedIn' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(router.state.location.pathname).toBe('/');
    expect(getStoredToken()).toBeNull();
    expect(calls.find((call) => call.path === '/auth/logout')?.headers.get('authorization')).toMatch(
      /^Bearer /,
    );
    expect(await screen.findByRole('link', { name: 'Get Started Free' })).toBeInTheDocument();
  });
});

describe('narrow window: the collapsible menu', () => {
  beforeEach(() => setViewportWidth(375));

  test('opens from its named button, holds the links and closes with Escape', async () => {
    const { user } = renderApp('/passwords', { session: 'signedIn' });
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    await user.click(toggle);
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText(TEST_USER.email)).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Passwords', 'Settings']);
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  test('a link in the menu navigates and closes it', async () => {
    const { user, router } = renderApp('/', { session: 'signedOut' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('link', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false'),
    );
  });
});

describe('Lock now (issue 15)', () => {
  beforeEach(() => setViewportWidth(1280));
  afterEach(() => act(() => forgetUnlockWindow()));

  const openWindow = (minutes: number) =>
    act(() => openUnlockWindow('tab-key-for-the-test', Date.now() + minutes * 60_000));

  test('shows only while the vault is unlocked in this tab, with the minutes left', async () => {
    mockApi({});
    renderApp('/dashboard', { session: 'signedIn' });
    await screen.findByRole('navigation', { name: 'Primary' });
    expect(within(banner()).queryByRole('button', { name: /Lock now/ })).not.toBeInTheDocument();
    await openWindow(15);
    const button = within(banner()).getByRole('button', { name: 'Lock now · 15 min left' });
    expect(button).toHaveAccessibleDescription(
      'Your vault stays unlocked in this tab for 15 minutes more. Lock it now to be asked for the master password again.',
    );
    act(() => forgetUnlockWindow());
    expect(within(banner()).queryByRole('button', { name: /Lock now/ })).not.toBeInTheDocument();
  });

  test('ends the window on the server, forgets the key, says so and leaves the focus on the page', async () => {
    const { calls } = mockApi({
      'DELETE /auth/vault-unlock': { body: { success: true, message: 'Vault locked' } },
    });
    const { user } = renderApp('/dashboard', { session: 'signedIn' });
    await screen.findByRole('navigation', { name: 'Primary' });
    await openWindow(5);
    await user.click(within(banner()).getByRole('button', { name: 'Lock now · 5 min left' }));
    expect(await screen.findByText('Vault locked')).toBeInTheDocument();
    expect(currentUnlockKey()).toBeNull();
    expect(within(banner()).queryByRole('button', { name: /Lock now/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/vault-unlock').map((call) => call.method)).toEqual([
      'DELETE',
    ]);
    expect(document.activeElement).not.toBe(document.body);
  });

  test('locks this tab even when the server cannot be reached', async () => {
    mockApi({ 'DELETE /auth/vault-unlock': { status: 503, body: { message: 'Service unavailable' } } });
    const { user } = renderApp('/dashboard', { session: 'signedIn' });
    await screen.findByRole('navigation', { name: 'Primary' });
    await openWindow(1);
    await user.click(within(banner()).getByRole('button', { name: 'Lock now · 1 min left' }));
    expect(await screen.findByText('Vault locked')).toBeInTheDocument();
    expect(currentUnlockKey()).toBeNull();
  });

  test.each([375, 1024])('%i px: the minutes on screen, the whole name for screen readers', async (width) => {
    setViewportWidth(width);
    mockApi({});
    renderApp('/passwords', { session: 'signedIn' });
    await screen.findByRole('button', { name: 'Switch to dark theme' });
    await openWindow(5);
    const button = within(banner()).getByRole('button', { name: 'Lock now, 5 min left' });
    expect(button).toHaveTextContent('5 min');
  });

  test('logout ends the window', async () => {
    mockApi({ 'POST /auth/logout': { body: { success: true, message: 'Logged out' } } });
    const { user } = renderApp('/dashboard', { session: 'signedIn' });
    await screen.findByRole('navigation', { name: 'Primary' });
    await openWindow(5);
    await user.click(within(banner()).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentUnlockKey()).toBeNull());
    expect(within(banner()).queryByRole('button', { name: /Lock now/ })).not.toBeInTheDocument();
  });
});
