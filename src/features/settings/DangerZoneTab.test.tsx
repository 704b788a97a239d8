import { act, screen, waitFor, within } from '@testing-library/react';
import { MASTER, PASSWORD, installFakeAccount } from '../../test/fakeAccountServer';
import { goOffline } from '../../test/mockApi';
import { renderSettings } from '../../test/renderSettings';
import { UNREACHABLE } from '../../shared/api/errorText';

type View = Awaited<ReturnType<typeof renderSettings>>;

const CHECK = 'POST /user/account/check';
const DELETE = 'DELETE /user/account';
const FINAL = 'Are you absolutely sure? This action cannot be undone.';

async function openDeletion() {
  const view = await renderSettings({ tab: 'danger' });
  await view.user.click(screen.getByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
  return { ...view, dialog };
}

const accountField = (dialog: HTMLElement) => within(dialog).getByLabelText('Account password');
const masterField = (dialog: HTMLElement) => within(dialog).getByLabelText('Master password');

async function submit(
  { user, dialog }: Pick<View, 'user'> & { dialog: HTMLElement },
  password: string,
  master: string,
) {
  if (password) await user.type(accountField(dialog), password);
  if (master) await user.type(masterField(dialog), master);
  await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
}

const finalQuestion = () => screen.findByRole('dialog', { name: 'Delete account', description: FINAL });

async function confirm(user: View['user']) {
  await user.click(within(await finalQuestion()).getByRole('button', { name: 'Delete Account' }));
}

test("'Both passwords are required to delete account'; nothing is sent", async () => {
  const account = installFakeAccount();
  const view = await openDeletion();
  await submit(view, '', '');
  expect(
    await within(view.dialog).findByText('Both passwords are required to delete account'),
  ).toBeInTheDocument();
  await submit(view, PASSWORD, '');
  expect(within(view.dialog).getByText('Both passwords are required to delete account')).toBeInTheDocument();
  expect(masterField(view.dialog)).toHaveAttribute('aria-invalid', 'true');
  expect(accountField(view.dialog)).toHaveAttribute('aria-invalid', 'false');
  expect(account.count(CHECK)).toBe(0);
  expect(account.count(DELETE)).toBe(0);
});

test('both passwords are checked first, then the final question is asked; declined, nothing is deleted', async () => {
  const account = installFakeAccount();
  const view = await openDeletion();
  await submit(view, PASSWORD, MASTER);
  const question = await finalQuestion();
  expect(account.calls.find((call) => call.path === '/user/account/check')?.body).toEqual({
    password: PASSWORD,
    masterPassword: MASTER,
  });
  await view.user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(question).not.toBeInTheDocument());
  expect(account.count(DELETE)).toBe(0);
  expect(view.dialog).toBeInTheDocument();
});

test("confirmed: 'Account deleted successfully', the session ends and the user is home", async () => {
  const account = installFakeAccount();
  const view = await openDeletion();
  await submit(view, PASSWORD, MASTER);
  await confirm(view.user);
  expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
  // The deletion checks both again on the server.
  expect(account.calls.find((call) => call.method === 'DELETE')?.body).toEqual({
    password: PASSWORD,
    masterPassword: MASTER,
  });
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  await waitFor(() => expect(view.store.getState().auth.isAuthenticated).toBe(false));
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(account.count('POST /auth/logout')).toBe(1);
});

test('a wrong account password is named beside its field before any final question; the master password stays', async () => {
  const account = installFakeAccount();
  const view = await openDeletion();
  await submit(view, 'not-it', MASTER);
  const field = accountField(view.dialog);
  expect(await within(view.dialog).findByText('Incorrect password')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription('Incorrect password');
  expect(field).toHaveValue('');
  await waitFor(() => expect(field).toHaveFocus());
  expect(masterField(view.dialog)).toHaveValue(MASTER);
  expect(masterField(view.dialog)).toHaveAttribute('aria-invalid', 'false');
  expect(screen.queryByRole('dialog', { description: FINAL })).not.toBeInTheDocument();
  expect(account.count(DELETE)).toBe(0);
  // No master-password attempt was spent on it.
  expect(account.master.state.attemptsRemaining).toBe(3);

  // Typing again clears the message; the right one leads to the final question.
  await view.user.type(field, PASSWORD);
  expect(within(view.dialog).queryByText('Incorrect password')).not.toBeInTheDocument();
  await view.user.click(within(view.dialog).getByRole('button', { name: 'Delete Account' }));
  expect(await finalQuestion()).toBeInTheDocument();
});

test('a wrong master password is named beside its field with the attempts left; the account password stays', async () => {
  const account = installFakeAccount();
  const view = await openDeletion();
  await submit(view, PASSWORD, 'Wrong#Master1');
  const text = 'Invalid master password. 2 attempts remaining.';
  expect(await within(view.dialog).findByText(text)).toBeInTheDocument();
  expect(masterField(view.dialog)).toHaveAccessibleDescription(text);
  expect(masterField(view.dialog)).toHaveValue('');
  expect(accountField(view.dialog)).toHaveValue(PASSWORD);
  expect(screen.queryByRole('dialog', { description: FINAL })).not.toBeInTheDocument();
  expect(account.count(DELETE)).toBe(0);
  expect(account.master.state.attemptsRemaining).toBe(2);
});

test.each([
  [{ status: 500, body: {} }, 'Failed to delete account'],
  [{ status: 500, body: { message: 'Database down' } }, 'Database down'],
])(
  'a refused deletion shows the server message, else the fallback (%#); the dialog stays',
  async (failure, text) => {
    const account = installFakeAccount();
    account.fail.set(DELETE, failure);
    const view = await openDeletion();
    await submit(view, PASSWORD, MASTER);
    await confirm(view.user);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/settings');
    // Nothing was wrong with what was typed: both stay for another try.
    expect(accountField(view.dialog)).toHaveValue(PASSWORD);
    expect(masterField(view.dialog)).toHaveValue(MASTER);
  },
);

test("a network failure of the check says so in words, never the browser's", async () => {
  installFakeAccount();
  const view = await openDeletion();
  const backOnline = goOffline();
  try {
    await submit(view, PASSWORD, MASTER);
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.queryByText(/TypeError|Failed to fetch/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { description: FINAL })).not.toBeInTheDocument();
  } finally {
    backOnline();
  }
});

test('Escape on typed passwords asks before discarding them', async () => {
  installFakeAccount();
  const view = await openDeletion();
  await view.user.type(accountField(view.dialog), PASSWORD);
  await view.user.keyboard('{Escape}');
  const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
  await view.user.click(within(question).getByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('wrong master passwords count with the shared attempts; the third signs out after 2 s', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  try {
    const account = installFakeAccount();
    const view = await renderSettings({
      tab: 'danger',
      userOptions: { advanceTimers: jest.advanceTimersByTime },
    });
    await view.user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    await view.user.type(accountField(dialog), PASSWORD);
    for (const remaining of [2, 1]) {
      await view.user.type(masterField(dialog), 'Wrong#Master1');
      await view.user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      const text = `Invalid master password. ${remaining} ${remaining === 1 ? 'attempt' : 'attempts'} remaining.`;
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
      // Never the plural with one.
      expect(screen.queryByText(/\b1 attempts\b/)).not.toBeInTheDocument();
    }
    expect(account.master.state.attemptsRemaining).toBe(1);
    await view.user.type(masterField(dialog), 'Wrong#Master1');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(
      await screen.findByText('Too many failed attempts. Logging out for security.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('token')).not.toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByText('Too many failed attempts. Please log in again.')).toBeInTheDocument();
    expect(account.count(CHECK)).toBe(3);
    expect(account.count(DELETE)).toBe(0);
  } finally {
    jest.useRealTimers();
  }
});
