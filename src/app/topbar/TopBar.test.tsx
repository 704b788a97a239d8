import { screen, waitFor, within } from '@testing-library/react';
import { getStoredToken } from '../../shared/api/tokenStorage';
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
