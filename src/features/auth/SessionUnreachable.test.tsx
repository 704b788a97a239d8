import { screen, waitFor } from '@testing-library/react';
import { getStoredToken, setStoredToken } from '../../shared/api/tokenStorage';
import { mockApi } from '../../test/mockApi';
import { renderApp, TEST_USER } from '../../test/renderApp';

// A session is lost only when the server says so (SPEC section 8's 401 rule), never by the network.
test("a failed /auth/me at start shows Can't reach PassVault with Retry, keeps the token, and Retry signs in", async () => {
  setStoredToken('kept-token');
  let up = false;
  mockApi({
    'GET /auth/me': () =>
      up
        ? { body: { success: true, data: { user: TEST_USER } } }
        : { status: 503, body: { message: 'The server is busy. Please try again in a moment.' } },
    'GET /passwords': { body: { data: { passwords: [] } } },
    'GET /passwords/stats': { body: { data: { total: 0, favorites: 0, categories: {} } } },
    'GET /user/settings': { status: 500, body: {} },
    'GET /user/preferences': { status: 500, body: {} },
  });
  const { user, router } = renderApp('/settings', { session: 'restore' });
  expect(await screen.findByRole('heading', { name: "Can't reach PassVault" })).toBeInTheDocument();
  expect(
    screen.getByText('Check your connection and try again. You are still signed in.'),
  ).toBeInTheDocument();
  expect(getStoredToken()).toBe('kept-token');
  // Neither signed out nor sent to /login.
  expect(router.state.location.pathname).toBe('/settings');

  up = true;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() =>
    expect(screen.queryByRole('heading', { name: "Can't reach PassVault" })).not.toBeInTheDocument(),
  );
  expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/settings');
});

test('retries by itself when the browser comes back online', async () => {
  setStoredToken('kept-token');
  let up = false;
  mockApi({
    'GET /auth/me': () =>
      up ? { body: { success: true, data: { user: TEST_USER } } } : { status: 502, body: {} },
    'GET /passwords': { body: { data: { passwords: [] } } },
    'GET /passwords/stats': { body: { data: { total: 0, favorites: 0, categories: {} } } },
  });
  renderApp('/dashboard', { session: 'restore' });
  expect(await screen.findByRole('heading', { name: "Can't reach PassVault" })).toBeInTheDocument();
  up = true;
  window.dispatchEvent(new Event('online'));
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(getStoredToken()).toBe('kept-token');
});
