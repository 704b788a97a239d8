// The code step's own code is fetched when it is first needed; offline (or replaced by a newer build)
// the sign-in says so and keeps what was typed, instead of the route's error view replacing the page.
import { screen } from '@testing-library/react';
import { UNREACHABLE } from '../../shared/api/errorText';
import { mockApi } from '../../test/mockApi';
import { renderApp, TEST_USER } from '../../test/renderApp';

const PASSWORD = 'Sup3r$ecretPassw0rd';

/** While true, fetching the code step's module fails as a dynamic import does offline. */
let mockStepCodeOffline = true;
jest.mock('./TwoFactorStep', () => {
  if (mockStepCodeOffline) throw new TypeError('Failed to fetch dynamically imported module');
  return jest.requireActual<typeof import('./TwoFactorStep')>('./TwoFactorStep');
});

test('the code step whose code cannot be fetched: a toast says why, the form keeps both fields, the next Sign In opens the step', async () => {
  const { calls } = mockApi({
    'POST /auth/login': { body: { success: true, requiresTwoFactor: true, message: 'Enter the code' } },
  });
  const { user } = renderApp('/login');
  await user.type(await screen.findByLabelText('Email'), TEST_USER.email);
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));

  expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue(TEST_USER.email);
  expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();

  mockStepCodeOffline = false;
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
  expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'POST' && call.path === '/auth/login')).toHaveLength(2);
});
