import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepSessionAlive, selectCurrentUser } from '../features/auth';
import { getStoredToken, setStoredToken } from '../shared/api/tokenStorage';
import { mockApi, mockPendingApi } from '../test/mockApi';
import { renderApp, TEST_USER } from '../test/renderApp';

// What the login page says to a person whose session the server ended.
const SESSION_ENDED_NOTICE =
  'Your session has ended, on another device or because it expired. Please sign in again.';
const SIGNED_OUT_ROUTES = ['/login', '/register', '/verify-otp', '/forgot-password', '/forgot-password-otp'];
const SIGNED_IN_ROUTES = ['/dashboard', '/passwords', '/passwords/trash', '/settings'];

async function landsOn(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('guards (SPEC section 2)', () => {
  test.each(SIGNED_IN_ROUTES)('signed out, %s redirects to /login', async (path) => {
    const { router } = renderApp(path);
    await landsOn(router, '/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  test.each(SIGNED_OUT_ROUTES)('signed in, %s redirects to /dashboard', async (path) => {
    const { router } = renderApp(path, { session: 'signedIn', state: { email: 'a@b.c' } });
    await landsOn(router, '/dashboard');
    expect(await screen.findByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
  });

  test.each(SIGNED_IN_ROUTES)('signed in, %s opens inside the shared layout', async (path) => {
    const { router } = renderApp(path, { session: 'signedIn' });
    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  test.each([
    ['signedOut', '/nowhere'],
    ['signedIn', '/passwords/extra/deep'],
  ] as const)('%s, an unknown path (%s) redirects to /', async (session, path) => {
    const { router } = renderApp(path, { session });
    await landsOn(router, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your passwords, on your own server' }),
    ).toBeInTheDocument();
  });
});

describe('session start', () => {
  test('while the session is determined, only a spinner shows', async () => {
    setStoredToken('t1');
    mockPendingApi();
    renderApp('/login', { session: 'restore' });
    expect(screen.getByRole('progressbar', { name: 'Loading your session' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  test('a stored token that still works opens the protected page', async () => {
    setStoredToken('t1');
    mockApi({ 'GET /auth/me': { body: { success: true, data: { user: TEST_USER } } } });
    const { router, store } = renderApp('/settings', { session: 'restore' });
    expect(await screen.findByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(selectCurrentUser(store.getState())).toEqual(TEST_USER);
  });

  test('a rejected token is forgotten and the user goes to /login', async () => {
    setStoredToken('t1');
    mockApi({ 'GET /auth/me': { status: 401, body: { message: 'Token is not valid' } } });
    const { router } = renderApp('/dashboard', { session: 'restore' });
    await landsOn(router, '/login');
    expect(getStoredToken()).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent(SESSION_ENDED_NOTICE);
  });

  test('a 401 about the token later on signs out and sends the user to /login', async () => {
    mockApi({ 'POST /auth/keep-alive': { status: 401, body: { message: 'Token has expired' } } });
    const { router, store } = renderApp('/settings', { session: 'signedIn' });
    await screen.findByRole('navigation', { name: 'Sidebar' });
    await act(() => store.dispatch(keepSessionAlive()));
    await landsOn(router, '/login');
    expect(getStoredToken()).toBeNull();
    // The person did not sign out: the login page says why they are there.
    expect(await screen.findByRole('status')).toHaveTextContent(SESSION_ENDED_NOTICE);
  });

  test("the person's own logout says nothing on the login page", async () => {
    mockApi({ 'POST /auth/logout': { body: { success: true } } });
    const { router } = renderApp('/settings', { session: 'signedIn' });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await landsOn(router, '/');
    await act(() => router.navigate('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED_NOTICE)).not.toBeInTheDocument();
  });
});

describe('hand-over of the e-mail', () => {
  test('/verify-otp without an e-mail: an error toast and /register', async () => {
    const { router } = renderApp('/verify-otp');
    expect(await screen.findByText('No email provided for verification')).toBeInTheDocument();
    await landsOn(router, '/register');
  });

  test('/verify-otp with the e-mail shows it', async () => {
    renderApp('/verify-otp', { state: { email: 'new@example.com', registrationId: 'handle' } });
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
  });

  test('/forgot-password-otp without an e-mail goes to /forgot-password', async () => {
    const { router } = renderApp('/forgot-password-otp');
    await landsOn(router, '/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  test('/forgot-password-otp with an e-mail starts at step 2', async () => {
    renderApp('/forgot-password-otp', { state: { email: 'me@example.com' } });
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByText('me@example.com')).toBeInTheDocument();
  });
});

describe('landing', () => {
  test('signed out: Get Started Free and Sign In', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  test('signed in: Go to Dashboard', async () => {
    const { user, router } = renderApp('/', { session: 'signedIn' });
    await user.click(await screen.findByRole('link', { name: 'Go to Dashboard' }));
    await landsOn(router, '/dashboard');
  });
});
