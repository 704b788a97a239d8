import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

async function openForgot() {
  const view = renderApp('/forgot-password');
  await screen.findByRole('heading', { name: 'Forgot your password?' });
  return {
    ...view,
    email: screen.getByLabelText('Email'),
    submit: screen.getByRole('button', { name: 'Send Reset Code' }),
  };
}

test("the e-mail is required ('Email is required') and checked ('Invalid email address')", async () => {
  const { user, email, submit } = await openForgot();
  await user.click(submit);
  expect(await screen.findByText('Email is required')).toBeInTheDocument();
  await user.type(email, 'nope');
  expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
});

test("success: 'Password reset OTP sent successfully!' and the wizard opens at step 2 with the e-mail", async () => {
  const { calls } = mockApi({
    'POST /auth/forgot-password': { body: { success: true, message: 'If the account exists...' } },
  });
  const { user, email, submit, router } = await openForgot();
  await user.type(email, 'ada@example.com');
  await user.click(submit);
  expect(await screen.findByText('Password reset OTP sent successfully!')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password-otp'));
  expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
  expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  expect(calls[0].body).toEqual({ email: 'ada@example.com' });
});

test("failure: the server's message, else 'Failed to send reset OTP'", async () => {
  let answer = { status: 429, body: { message: 'Too many requests' } as object };
  mockApi({ 'POST /auth/forgot-password': () => answer });
  const { user, email, submit, router } = await openForgot();
  await user.type(email, 'ada@example.com');
  await user.click(submit);
  expect(await screen.findByText('Too many requests')).toBeInTheDocument();
  answer = { status: 500, body: {} };
  await user.click(submit);
  expect(await screen.findByText('Failed to send reset OTP')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/forgot-password');
});

test('links back to sign in', async () => {
  await openForgot();
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
});
