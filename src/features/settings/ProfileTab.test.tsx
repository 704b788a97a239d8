import { screen, waitFor } from '@testing-library/react';
import { installFakeAccount } from '../../test/fakeAccountServer';
import { renderSettings } from '../../test/renderSettings';

async function openProfile() {
  const view = await renderSettings({ tab: 'profile' });
  expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  return view;
}

test('names from the current user; the e-mail is read-only with its hint', async () => {
  installFakeAccount();
  await openProfile();
  expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
  const email = screen.getByLabelText('Email');
  expect(email).toHaveValue('ada@example.com');
  expect(email).toHaveAttribute('readonly');
  expect(email).toBeEnabled(); // read-only, not disabled: readable, focusable and announced
  expect(email).toHaveAccessibleDescription('Email address cannot be changed for security reasons');
});

test("validation: 'First name is required', 'Last name is required'; nothing is sent", async () => {
  const account = installFakeAccount();
  const { user } = await openProfile();
  await user.clear(screen.getByLabelText('First name'));
  await user.clear(screen.getByLabelText('Last name'));
  await user.type(screen.getByLabelText('Last name'), '   ');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('First name is required')).toBeInTheDocument();
  expect(screen.getByText('Last name is required')).toBeInTheDocument();
  expect(account.count('PUT /user/profile')).toBe(0);
});

test("saving sends the names and the e-mail, says 'Profile updated successfully!' and refetches the user", async () => {
  const account = installFakeAccount();
  const { user } = await openProfile();
  expect(account.count('GET /auth/me')).toBe(1);
  await user.clear(screen.getByLabelText('First name'));
  await user.type(screen.getByLabelText('First name'), '  Augusta ');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  expect(account.calls.find((call) => call.path === '/user/profile')?.body).toEqual({
    firstName: 'Augusta',
    lastName: 'Lovelace',
    email: 'ada@example.com',
  });
  await waitFor(() => expect(account.count('GET /auth/me')).toBe(2));
  await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Augusta'));
});

test.each([
  [{ status: 400, body: { message: 'Email address cannot be changed' } }, 'Email address cannot be changed'],
  [{ status: 500, body: {} }, 'Failed to update profile'],
  [
    { status: 200, body: { success: true, message: 'Profile updated successfully' } },
    'Invalid response format',
  ],
])('a failed save shows the server message, else the fallback (%#)', async (answer, text) => {
  const account = installFakeAccount();
  account.fail.set('PUT /user/profile', answer);
  const { user } = await openProfile();
  await user.type(screen.getByLabelText('Last name'), '-King');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
});
