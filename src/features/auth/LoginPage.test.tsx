import { selectCurrentUser } from './currentUserApi';
import { screen, waitFor } from '@testing-library/react';
import { getStoredToken } from '../../shared/api/tokenStorage';
import { mockApi } from '../../test/mockApi';
import { renderApp, TEST_USER } from '../../test/renderApp';
import { pauseToasts } from '../../test/toasts';

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Welcome back' });
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = screen.getByRole('button', { name: 'Sign In' });
  return { ...view, email, password, submit };
}

describe('validation (SPEC section 5)', () => {
  test('both fields are required', async () => {
    const { user, submit } = await openLogin();
    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  test('the e-mail must look like x@y', async () => {
    const { user, email, submit } = await openLogin();
    await user.type(email, 'not-an-email');
    await user.click(submit);
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });
});

test('the password has a show/hide toggle that says what it does', async () => {
  const { user, password } = await openLogin();
  expect(password).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
});

test('links to the reset and to registration', async () => {
  await openLogin();
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register');
});

test("success: 'Login successful!', the token is stored and the dashboard opens", async () => {
  const { calls } = mockApi({
    'POST /auth/login': {
      body: { success: true, message: 'Login successful', data: { user: TEST_USER, token: 'tk1' } },
    },
  });
  const { user, email, password, submit, router, store } = await openLogin();
  await user.type(email, ' ada@example.com ');
  await user.type(password, 'Secret#123');
  await user.click(submit);
  expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  expect(calls[0].body).toEqual({ email: 'ada@example.com', password: 'Secret#123' });
  expect(getStoredToken()).toBe('tk1');
  expect(selectCurrentUser(store.getState())).toEqual(TEST_USER);
});

test("wrong credentials: the server's 'Invalid credentials' and the password field is cleared", async () => {
  mockApi({ 'POST /auth/login': { status: 401, body: { message: 'Invalid credentials' } } });
  const { user, email, password, submit, router } = await openLogin();
  await user.type(email, 'ada@example.com');
  await user.type(password, 'wrong');
  await user.click(submit);
  expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
  await waitFor(() => expect(password).toHaveValue(''));
  expect(email).toHaveValue('ada@example.com');
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
});

test('a refusal’s toast closes when the next sign-in succeeds', async () => {
  let answer = { status: 401, body: { message: 'Invalid credentials' } as object };
  mockApi({ 'POST /auth/login': () => answer });
  const { user, email, password, submit, router } = await openLogin();
  await user.type(email, 'ada@example.com');
  await user.type(password, 'wrong');
  await user.click(submit);
  expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
  pauseToasts();

  answer = { status: 200, body: { success: true, data: { user: TEST_USER, token: 'tk4' } } };
  await user.type(password, 'Secret#123');
  await user.click(submit);
  expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  // Closed by the success: paused, it would have stayed.
  await waitFor(() => expect(screen.queryByText('Invalid credentials')).not.toBeInTheDocument());
});

test("another server error is shown as it is; with no message, 'Invalid credentials'", async () => {
  let answer = { status: 429, body: { message: 'Too many attempts. Try again in 60 seconds.' } as object };
  mockApi({ 'POST /auth/login': () => answer });
  const { user, email, password, submit } = await openLogin();
  await user.type(email, 'ada@example.com');
  await user.type(password, 'x');
  await user.click(submit);
  expect(await screen.findByText('Too many attempts. Try again in 60 seconds.')).toBeInTheDocument();
  answer = { status: 401, body: {} };
  await user.type(password, 'y');
  await user.click(submit);
  expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
});

test("an exception: 'An unexpected error occurred. Please try again.'", async () => {
  (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(() =>
    Promise.reject(new TypeError('Failed to fetch')),
  );
  const { user, email, password, submit } = await openLogin();
  await user.type(email, 'ada@example.com');
  await user.type(password, 'Secret#123');
  await user.click(submit);
  expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  await waitFor(() => expect(password).toHaveValue(''));
});
