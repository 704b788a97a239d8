import { act, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const EMAIL = 'ada@example.com';
const CODE = '246810';
const NEW_PASSWORD = 'Tr0ub4dor&3';

function resetServer() {
  return mockApi({
    'POST /auth/forgot-password': { body: { success: true, message: 'sent' } },
    'POST /auth/verify-otp': ({ body }) =>
      (body as { otp: string }).otp === CODE
        ? { body: { success: true, message: 'OTP verified' } }
        : { status: 400, body: { message: 'Invalid or expired OTP' } },
    'POST /auth/reset-password': { body: { success: true, message: 'Password reset' } },
  });
}

async function openWizard(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp('/forgot-password-otp', { state: { email: EMAIL }, ...options });
  // The page is a lazy chunk: its first load in a busy CI run can take more than findBy's default second.
  await screen.findByRole('heading', { name: 'Enter your code' }, { timeout: 10_000 });
  return view;
}

async function toStepThree(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Reset code'), CODE);
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  await screen.findByRole('heading', { name: 'Choose a new password' });
}

test('three steps, starting at step 2', async () => {
  await openWizard();
  const steps = screen.getByRole('list', { name: 'Password reset progress' });
  expect(steps).toHaveTextContent('Email');
  expect(steps).toHaveTextContent('Verify code');
  expect(steps).toHaveTextContent('New password');
});

test("step 2 validation: 'OTP is required', 'OTP must be 6 digits'", async () => {
  const { user } = await openWizard();
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  expect(await screen.findByText('OTP is required')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Reset code'), '12x3');
  expect(screen.getByLabelText('Reset code')).toHaveValue('123');
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  expect(await screen.findByText('OTP must be 6 digits')).toBeInTheDocument();
});

test("a wrong code: 'Invalid or expired OTP'; the right one: 'OTP verified successfully!' and step 3", async () => {
  const { calls } = resetServer();
  const { user } = await openWizard();
  await user.type(screen.getByLabelText('Reset code'), '999999');
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
  await toStepThree(user);
  expect(screen.getByText('OTP verified successfully!')).toBeInTheDocument();
  expect(calls.at(-1)?.body).toEqual({ email: EMAIL, otp: CODE });
});

test("step 3 validation: required, strength, confirmation, 'Please create a stronger password'", async () => {
  resetServer();
  const { user } = await openWizard();
  await toStepThree(user);
  const submit = screen.getByRole('button', { name: 'Reset Password' });
  await user.click(submit);
  expect(await screen.findByText('Password is required')).toBeInTheDocument();
  expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
  await user.type(screen.getByLabelText('New password'), 'weakpass');
  await user.type(screen.getByLabelText('Confirm new password'), 'other');
  await user.click(submit);
  expect(await screen.findByText('Please create a stronger password')).toBeInTheDocument();
  expect(screen.getByText('Password does not meet security requirements')).toBeInTheDocument();
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Password strength: Good' })).toBeInTheDocument();
  expect(
    screen.getByText('Still required: uppercase letter, number, special character (one of @$!%*?&).'),
  ).toBeInTheDocument();
});

test("success: 'Password reset successful!' and /login after 2 s", async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  try {
    const { calls } = resetServer();
    const { user, router } = await openWizard({ userOptions: { advanceTimers: jest.advanceTimersByTime } });
    await toStepThree(user);
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      path: '/auth/reset-password',
      body: { email: EMAIL, otp: CODE, password: NEW_PASSWORD },
    });
    act(() => jest.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/forgot-password-otp');
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  } finally {
    jest.useRealTimers();
  }
});

test("a failed reset: 'Failed to reset password'; a rejected code goes back to step 2", async () => {
  let answer = { status: 500, body: {} as object };
  mockApi({
    'POST /auth/verify-otp': { body: { success: true } },
    'POST /auth/reset-password': () => answer,
  });
  const { user } = await openWizard();
  await toStepThree(user);
  await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
  await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
  answer = { status: 400, body: { message: 'Invalid or expired OTP' } };
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
});

test("resend after the countdown: 'New OTP sent to your email!' or 'Failed to resend OTP'", async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  try {
    let answer = { status: 200, body: { success: true, message: 'sent' } as object };
    const { calls } = mockApi({ 'POST /auth/forgot-password': () => answer });
    const { user } = await openWizard({ userOptions: { advanceTimers: jest.advanceTimersByTime } });
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
    for (let i = 0; i < 60; i += 1) act(() => jest.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('New OTP sent to your email!')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: EMAIL });
    // The code field is left as it was: nothing submitted yet, so no error.
    expect(screen.getByLabelText('Reset code')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('OTP is required')).not.toBeInTheDocument();
    for (let i = 0; i < 60; i += 1) act(() => jest.advanceTimersByTime(1000));
    answer = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to resend OTP')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test("step 1 within the wizard: 'OTP sent to your email!' or 'Failed to send OTP'", async () => {
  let answer = { status: 500, body: {} as object };
  const { calls } = mockApi({ 'POST /auth/forgot-password': () => answer });
  const { user } = await openWizard();
  await user.click(screen.getByRole('button', { name: 'Use a different email' }));
  const email = await screen.findByLabelText('Email');
  expect(email).toHaveValue(EMAIL);
  await user.clear(email);
  await user.type(email, 'other@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
  expect(await screen.findByText('Failed to send OTP')).toBeInTheDocument();
  answer = { status: 200, body: { success: true } };
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
  expect(await screen.findByText('OTP sent to your email!')).toBeInTheDocument();
  expect(await screen.findByText('other@example.com')).toBeInTheDocument();
  expect(calls.at(-1)?.body).toEqual({ email: 'other@example.com' });
});

test('a code asked for again within the minute: the wizard says when a new one may be asked for', async () => {
  const { calls } = mockApi({
    'POST /auth/forgot-password': {
      status: 429,
      body: { message: 'Please wait 40 seconds before requesting a new code', retryAfterSeconds: 40 },
    },
  });
  const { user } = renderApp('/forgot-password');
  await user.type(await screen.findByLabelText('Email'), EMAIL);
  await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
  expect(
    await screen.findByText(
      'A code was sent less than a minute ago. You can ask for a new one in 40 seconds.',
    ),
  ).toBeInTheDocument();
  // On to the code step: the code sent a moment ago is the one to enter.
  expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Resend code in (40|39)s/ })).toBeDisabled();
  expect(calls).toHaveLength(1);
});

test('the master password as the new one: refused, and back to step 2 for a new code (the server used it up)', async () => {
  mockApi({
    'POST /auth/verify-otp': { body: { success: true } },
    'POST /auth/reset-password': {
      status: 400,
      body: { message: 'The account password and the master password must be different' },
    },
  });
  const { user } = await openWizard();
  await toStepThree(user);
  await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
  await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(
    await screen.findByText('The account password and the master password must be different'),
  ).toBeInTheDocument();
  expect(
    screen.getByText('For your security that code cannot be used again: ask for a new one.'),
  ).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
  expect(screen.getByLabelText('Reset code')).toHaveValue('');
});
