// First: the stand-in for the DevTools extension must exist before Redux Toolkit loads.
import { devTools } from '../../test/fakeDevTools';
import { selectCurrentUser } from './currentUserApi';
import { screen, waitFor } from '@testing-library/react';
import { getStoredToken } from '../../shared/api/tokenStorage';
import { mockApi, type ApiCall, type MockAnswer } from '../../test/mockApi';
import { renderApp, TEST_USER } from '../../test/renderApp';
import { TWO_FACTOR_CODE_INVALID, TWO_FACTOR_CODE_REQUIRED } from './twoFactorSchema';

const PASSWORD = 'Sup3r$ecretPassw0rd';
const CODE = '493817';
const RECOVERY = 'K7QH-3MWX';
const TOKEN = 'tok_2fa_9f8e7d6c5b4a3928';

const asked = { body: { success: true, requiresTwoFactor: true, message: 'Enter the code' } };
const signedIn = {
  body: { success: true, message: 'Login successful', data: { user: TEST_USER, token: TOKEN } },
};
const wrongCode = { status: 401, body: { message: 'Invalid two-factor code' } };

/** The server of a 2FA account: no code asks for one, `accepted` codes sign in, others are refused. */
function twoFactorServer(accepted: string[] = [CODE], refusal: MockAnswer = wrongCode) {
  return mockApi({
    'POST /auth/login': ({ body }: ApiCall) => {
      const { password, twoFactorCode } = body as { password: string; twoFactorCode?: string };
      if (password !== PASSWORD) return { status: 401, body: { message: 'Invalid credentials' } };
      if (twoFactorCode === undefined) return asked;
      return accepted.includes(twoFactorCode) ? signedIn : refusal;
    },
  });
}

/** Step 1 with the right password: the code step opens. */
async function reachCodeStep() {
  const view = renderApp('/login');
  const { user } = view;
  await user.type(await screen.findByLabelText('Email'), TEST_USER.email);
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
  return { ...view, code: screen.getByLabelText('Authentication code') };
}

function serialised(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Headers ? [...inner.entries()] : inner,
  );
}

test('two steps: the password, then the code; the same login call carries both and signs in', async () => {
  const { calls } = twoFactorServer();
  const { user, code, router, store } = await reachCodeStep();

  expect(
    screen.getByText('Enter the 6-digit code from your authenticator app, or a recovery code.'),
  ).toBeInTheDocument();
  expect(screen.getByText(TEST_USER.email)).toBeInTheDocument();
  // One field for both kinds of code: the phone offers the code from an SMS or app, and letters.
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(code).toHaveAttribute('inputmode', 'text');
  expect(code).toHaveFocus();
  // No password left on the page, no token and no session yet.
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  expect(getStoredToken()).toBeNull();
  expect(store.getState().auth.isAuthenticated).toBe(false);
  expect(router.state.location.pathname).toBe('/login');

  await user.type(code, CODE);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  expect(calls.map((call) => call.body)).toEqual([
    { email: TEST_USER.email, password: PASSWORD },
    { email: TEST_USER.email, password: PASSWORD, twoFactorCode: CODE },
  ]);
  expect(getStoredToken()).toBe(TOKEN);
  expect(selectCurrentUser(store.getState())).toEqual(TEST_USER);
});

test("a wrong code: 'Invalid two-factor code', the field is emptied, and a recovery code then works", async () => {
  const { calls } = twoFactorServer([RECOVERY]);
  const { user, code, router } = await reachCodeStep();

  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(code).toHaveAccessibleDescription('Invalid two-factor code'));
  expect(code).toHaveValue('');
  expect(getStoredToken()).toBeNull();
  expect(router.state.location.pathname).toBe('/login');

  // Typing again clears the complaint; a recovery code has letters and a dash.
  await user.type(code, RECOVERY);
  expect(code).not.toHaveAccessibleDescription('Invalid two-factor code');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  expect(calls[2].body).toEqual({ email: TEST_USER.email, password: PASSWORD, twoFactorCode: RECOVERY });
});

test("too many wrong codes: the server's 429 message is shown", async () => {
  const limited = 'Too many incorrect codes. Please try again in 5 minutes.';
  twoFactorServer([], { status: 429, body: { message: limited } });
  const { user, code } = await reachCodeStep();
  await user.type(code, '111111');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(code).toHaveAccessibleDescription(limited));
  expect(screen.getAllByText(limited).length).toBeGreaterThan(0);
});

test('the code is required and must look like a code; nothing is sent until it does', async () => {
  const { calls } = twoFactorServer();
  const { user, code } = await reachCodeStep();
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText(TWO_FACTOR_CODE_REQUIRED)).toBeInTheDocument();
  await user.type(code, '12ab');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText(TWO_FACTOR_CODE_INVALID)).toBeInTheDocument();
  expect(calls).toHaveLength(1);
});

test('Back returns to step 1 with the e-mail kept and the password forgotten', async () => {
  const { calls } = twoFactorServer();
  const { user } = await reachCodeStep();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await screen.findByRole('heading', { name: 'Welcome back' });
  expect(screen.getByLabelText('Email')).toHaveValue(TEST_USER.email);
  const password = screen.getByLabelText('Password');
  expect(password).toHaveValue('');
  expect(password).toHaveFocus();

  // Signing in again needs the password again.
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByText('Password is required')).toBeInTheDocument();
  expect(calls).toHaveLength(1);
  await user.type(password, PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
  expect(calls).toHaveLength(2);
});

test("the password stopped working meanwhile: 'Invalid credentials' and back to step 1", async () => {
  mockApi({
    'POST /auth/login': ({ body }: ApiCall) =>
      (body as { twoFactorCode?: string }).twoFactorCode === undefined
        ? asked
        : { status: 401, body: { message: 'Invalid credentials' } },
  });
  const { user, code } = await reachCodeStep();
  await user.type(code, CODE);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toHaveValue('');
});

test('neither the password nor the code reaches the store or what DevTools is shown', async () => {
  twoFactorServer([CODE]);
  const { user, code, store, router } = await reachCodeStep();
  devTools.clear();
  await user.type(code, '222222');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(code).toHaveAccessibleDescription('Invalid two-factor code'));
  await user.type(code, CODE);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

  // The login actions did carry them (the check below can fail)...
  const raw = serialised(devTools.raw);
  expect(raw).toContain(PASSWORD);
  expect(raw).toContain(CODE);
  expect(raw).toContain('222222');
  // ...but DevTools is shown none of them, nor the token, and the store keeps none.
  const shown = serialised(devTools.shown);
  expect(shown).toContain('login');
  for (const secret of [PASSWORD, CODE, '222222', TOKEN]) {
    expect(shown).not.toContain(secret);
    expect(serialised(store.getState())).not.toContain(secret);
  }
});
