import { selectCurrentUser } from './currentUserApi';
import { act, screen, waitFor } from '@testing-library/react';
import { getStoredToken } from '../../shared/api/tokenStorage';
import { mockApi } from '../../test/mockApi';
import { renderApp, TEST_USER } from '../../test/renderApp';
import { pauseToasts } from '../../test/toasts';

const EMAIL = 'ada@example.com';
const HANDLE = 'handle-from-the-register-answer';

async function openVerify(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp('/verify-otp', { state: { email: EMAIL, registrationId: HANDLE }, ...options });
  await screen.findByRole('heading', { name: 'Verify your email' });
  return {
    ...view,
    code: screen.getByLabelText('Verification code'),
    submit: screen.getByRole('button', { name: 'Verify Email' }),
  };
}

test('the code input takes digits only, six at most', async () => {
  const { user, code } = await openVerify();
  await user.type(code, 'a1b2c3 d4e5f6g7h8');
  expect(code).toHaveValue('123456');
  expect(code).toHaveAttribute('inputmode', 'numeric');
});

test("fewer than six digits: 'Please enter a valid 6-digit OTP'", async () => {
  const { user, code, submit } = await openVerify();
  await user.click(submit);
  expect(await screen.findByText('Please enter a valid 6-digit OTP')).toBeInTheDocument();
  await user.type(code, '123');
  await user.click(submit);
  expect(await screen.findByText('Please enter a valid 6-digit OTP')).toBeInTheDocument();
});

test('back-to-registration and start-over links', async () => {
  await openVerify();
  expect(screen.getByRole('link', { name: 'Back to registration' })).toHaveAttribute('href', '/register');
  expect(screen.getByRole('link', { name: 'Start over' })).toHaveAttribute('href', '/register');
});

test("success: 'Registration completed successfully!', signed in, token stored, /dashboard", async () => {
  const { calls } = mockApi({
    'POST /auth/verify-registration-otp': {
      status: 201,
      body: { success: true, message: 'Registration completed', user: TEST_USER, token: 'tk2' },
    },
  });
  const { user, code, submit, router, store } = await openVerify();
  await user.type(code, '123456');
  await user.click(submit);
  expect(await screen.findByText('Registration completed successfully!')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  expect(calls[0].body).toEqual({ email: EMAIL, otp: '123456', registrationId: HANDLE });
  expect(getStoredToken()).toBe('tk2');
  expect(selectCurrentUser(store.getState())).toEqual(TEST_USER);
});

test('a refused code’s toast closes when the next code is accepted', async () => {
  let answer = { status: 400, body: { message: 'Invalid or expired OTP' } as object };
  mockApi({ 'POST /auth/verify-registration-otp': () => answer });
  const { user, code, submit, router } = await openVerify();
  await user.type(code, '000000');
  await user.click(submit);
  expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
  pauseToasts();

  answer = { status: 201, body: { success: true, user: TEST_USER, token: 'tk3' } };
  await user.type(code, '123456');
  await user.click(submit);
  expect(await screen.findByText('Registration completed successfully!')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  // Closed by the success: paused, it would have stayed.
  await waitFor(() => expect(screen.queryByText('Invalid or expired OTP')).not.toBeInTheDocument());
});

test("failures: the server's text, 'OTP verification failed', 'Invalid response from server'", async () => {
  let answer = { status: 400, body: { message: 'Invalid or expired OTP' } as object };
  mockApi({ 'POST /auth/verify-registration-otp': () => answer });
  const { user, code, submit, router, store } = await openVerify();
  await user.type(code, '000000');
  await user.click(submit);
  expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
  await waitFor(() => expect(code).toHaveValue(''));
  expect(store.getState().auth.error).toBe('Invalid or expired OTP');

  answer = { status: 500, body: {} };
  await user.type(code, '111111');
  await user.click(submit);
  expect(await screen.findByText('OTP verification failed')).toBeInTheDocument();

  answer = { status: 201, body: { success: true, user: TEST_USER } };
  await user.type(code, '222222');
  await user.click(submit);
  expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/verify-otp');
  expect(getStoredToken()).toBeNull();
});

describe('resend', () => {
  afterEach(() => jest.useRealTimers());

  test('is blocked for 60 s with a visible countdown, then sends and counts down again', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const { calls } = mockApi({
      'POST /auth/resend-registration-otp': {
        body: { success: true, message: 'New verification code sent' },
      },
    });
    const { user } = await openVerify({ userOptions: { advanceTimers: jest.advanceTimersByTime } });
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend code in 59s' })).toBeDisabled();
    for (let i = 0; i < 59; i += 1) act(() => jest.advanceTimersByTime(1000));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(await screen.findByText('New verification code sent to your email!')).toBeInTheDocument();
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/auth/resend-registration-otp', { email: EMAIL, registrationId: HANDLE }],
    ]);
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
  });

  test('leaves the code field untouched: no error before anything was submitted, nothing typed lost', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    mockApi({
      'POST /auth/resend-registration-otp': {
        body: { success: true, message: 'New verification code sent' },
      },
    });
    const { user, code } = await openVerify({ userOptions: { advanceTimers: jest.advanceTimersByTime } });
    expect(code).toHaveFocus();
    for (let i = 0; i < 60; i += 1) act(() => jest.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('New verification code sent to your email!')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'false');
    expect(code).toHaveValue('');
    expect(screen.queryByText('Please enter a valid 6-digit OTP')).not.toBeInTheDocument();

    // The same with part of a code typed: it stays, without an error, for the user to finish or replace,
    // whether the focus leaves by the mouse or the keyboard.
    await user.type(code, '12');
    await user.tab();
    expect(code).toHaveAttribute('aria-invalid', 'false');
    for (let i = 0; i < 60; i += 1) act(() => jest.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled());
    expect(code).toHaveValue('12');
    expect(code).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Please enter a valid 6-digit OTP')).not.toBeInTheDocument();
  });

  test("'already' in the answer: 'Registration already completed. Redirecting to login...', then /login after 2 s", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    mockApi({
      'POST /auth/resend-registration-otp': {
        status: 409,
        body: { message: 'Registration already completed' },
      },
    });
    const { user, router } = await openVerify({ userOptions: { advanceTimers: jest.advanceTimersByTime } });
    for (let i = 0; i < 60; i += 1) act(() => jest.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(
      await screen.findByText('Registration already completed. Redirecting to login...'),
    ).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/verify-otp');
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test("other failures: the server's text (its cooldown is followed) or 'Failed to resend verification code'", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    let answer = {
      status: 429,
      body: { message: 'Please wait 42 seconds before requesting a new code' } as object,
    };
    mockApi({ 'POST /auth/resend-registration-otp': () => answer });
    const { user } = await openVerify({ userOptions: { advanceTimers: jest.advanceTimersByTime } });
    for (let i = 0; i < 60; i += 1) act(() => jest.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(
      await screen.findByText('Please wait 42 seconds before requesting a new code'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 42s' })).toBeDisabled();
    for (let i = 0; i < 42; i += 1) act(() => jest.advanceTimersByTime(1000));
    answer = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to resend verification code')).toBeInTheDocument();
  });
});
