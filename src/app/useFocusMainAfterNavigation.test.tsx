import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../test/mockApi';
import { renderApp, TEST_USER } from '../test/renderApp';

test('a submitted form that leads to another page leaves the focus on that page’s main area', async () => {
  mockApi({
    'POST /auth/verify-registration-otp': {
      status: 201,
      body: { success: true, message: 'Registration completed', user: TEST_USER, token: 'tk2' },
    },
  });
  const { user, router } = renderApp('/verify-otp', {
    state: { email: TEST_USER.email, registrationId: 'handle' },
  });
  const code = await screen.findByLabelText('Verification code');
  await user.type(code, '123456{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
});

test('logout leaves the focus on the landing page’s main area', async () => {
  mockApi({ 'POST /auth/logout': { body: { success: true, message: 'Logged out' } } });
  const { user } = renderApp('/dashboard', { session: 'signedIn' });
  await user.click(await screen.findByRole('button', { name: 'Log out' }));
  expect(await screen.findByRole('link', { name: 'Get Started Free' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
});

test('a fresh load leaves the focus alone, so the first Tab reaches the skip link', async () => {
  const { user } = renderApp('/');
  await screen.findByRole('link', { name: 'Get Started Free' });
  expect(document.body).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
});
