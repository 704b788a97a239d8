import { act, screen, waitFor, within } from '@testing-library/react';
import { MASTER, PASSWORD, installFakeAccount } from '../../test/fakeAccountServer';
import { renderSettings } from '../../test/renderSettings';

jest.setTimeout(30_000);

type View = Awaited<ReturnType<typeof renderSettings>>;

async function openDeletion() {
  const view = await renderSettings({ tab: 'danger' });
  await view.user.click(screen.getByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
  return { ...view, dialog };
}

async function submit(
  { user, dialog }: Pick<View, 'user'> & { dialog: HTMLElement },
  password: string,
  master: string,
) {
  if (password) await user.type(within(dialog).getByLabelText('Account password'), password);
  if (master) await user.type(within(dialog).getByLabelText('Master password'), master);
  await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
}

async function confirm(user: View['user']) {
  const question = await screen.findByRole('dialog', {
    name: 'Delete account',
    description: /absolutely sure/,
  });
  await user.click(within(question).getByRole('button', { name: 'Delete Account' }));
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
  expect(within(view.dialog).getByLabelText('Master password')).toHaveAttribute('aria-invalid', 'true');
  expect(within(view.dialog).getByLabelText('Account password')).toHaveAttribute('aria-invalid', 'false');
  expect(account.count('DELETE /user/account')).toBe(0);
});

test('the final confirmation can be declined: nothing is deleted', async () => {
  const account = installFakeAccount();
  const view = await openDeletion();
  await submit(view, PASSWORD, MASTER);
  const question = await screen.findByRole('dialog', {
    description: 'Are you absolutely sure? This action cannot be undone.',
  });
  await view.user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(question).not.toBeInTheDocument());
  expect(account.count('DELETE /user/account')).toBe(0);
  expect(view.dialog).toBeInTheDocument();
});

test("confirmed: 'Account deleted successfully', the session ends and the user is home", async () => {
  const account = installFakeAccount();
  const view = await openDeletion();
  await submit(view, PASSWORD, MASTER);
  await confirm(view.user);
  expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
  expect(account.calls.find((call) => call.method === 'DELETE')?.body).toEqual({
    password: PASSWORD,
    masterPassword: MASTER,
  });
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  await waitFor(() => expect(view.store.getState().auth.isAuthenticated).toBe(false));
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(account.count('POST /auth/logout')).toBe(1);
});

test.each([
  ['not-it', MASTER, undefined, 'Incorrect password'],
  [PASSWORD, MASTER, { status: 500, body: {} }, 'Failed to delete account'],
])('a refusal shows the server message, else the fallback (%#)', async (password, master, failure, text) => {
  const account = installFakeAccount();
  if (failure) account.fail.set('DELETE /user/account', failure);
  const view = await openDeletion();
  await submit(view, password, master);
  await confirm(view.user);
  expect(await screen.findByText(text)).toBeInTheDocument();
  // The dialog stays for another try, its fields cleared.
  expect(within(view.dialog).getByLabelText('Account password')).toHaveValue('');
  expect(view.router.state.location.pathname).toBe('/settings');
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
    for (const remaining of [2, 1]) {
      await submit({ ...view, dialog }, PASSWORD, 'Wrong#Master1');
      await confirm(view.user);
      expect(
        await screen.findByText(
          `Invalid master password. ${remaining} ${remaining === 1 ? 'attempt' : 'attempts'} remaining.`,
        ),
      ).toBeInTheDocument();
      // Let the confirmation fade out (its backdrop hides the dialog below from queries until then).
      await act(() => jest.advanceTimersByTimeAsync(500));
    }
    expect(account.master.state.attemptsRemaining).toBe(1);
    await submit({ ...view, dialog }, PASSWORD, 'Wrong#Master1');
    await confirm(view.user);
    expect(
      await screen.findByText('Too many failed attempts. Logging out for security.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('token')).not.toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByText('Too many failed attempts. Please log in again.')).toBeInTheDocument();
    expect(account.count('DELETE /user/account')).toBe(3);
  } finally {
    jest.useRealTimers();
  }
});
