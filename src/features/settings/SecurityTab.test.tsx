import { screen, waitFor, within } from '@testing-library/react';
import { MASTER, PASSWORD, installFakeAccount } from '../../test/fakeAccountServer';
import { renderSettings } from '../../test/renderSettings';

const STRONG = 'N3w!Passphrase';

async function openSecurity() {
  const view = await renderSettings({ tab: 'security' });
  const section = (name: string) => screen.getByRole('region', { name });
  return { ...view, section };
}

describe('Change Password', () => {
  it('quotes SPEC section 5 for every field, and nothing is sent', async () => {
    const account = installFakeAccount();
    const { user, section } = await openSecurity();
    const form = section('Change Password');
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await within(form).findByText('Current password is required')).toBeInTheDocument();
    expect(within(form).getByText('New password is required')).toBeInTheDocument();
    expect(within(form).getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('New password'), 'weakpass');
    await user.type(within(form).getByLabelText('Confirm new password'), 'other');
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await within(form).findByText('Password does not meet security requirements')).toBeInTheDocument();
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    // The submit toasts of SPEC section 5.
    expect(await screen.findByText('Please create a stronger password')).toBeInTheDocument();
    expect(screen.getAllByText('Passwords do not match')).toHaveLength(2);
    expect(within(form).getByRole('progressbar', { name: 'Password strength: Good' })).toBeInTheDocument();
    // Why it is refused, under the meter: the rules 'weakpass' misses, the special characters named.
    expect(
      within(form).getByText('Still required: uppercase letter, number, special character (one of @$!%*?&).'),
    ).toBeInTheDocument();
    expect(account.count('PUT /user/password')).toBe(0);
  });

  it('every field has its own show/hide button', async () => {
    installFakeAccount();
    const { user, section } = await openSecurity();
    const form = section('Change Password');
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      const input = within(form).getByLabelText(label);
      expect(input).toHaveAttribute('type', 'password');
      await user.click(within(form).getByRole('button', { name: `Show ${label.toLowerCase()}` }));
      expect(input).toHaveAttribute('type', 'text');
    }
  });

  it("sends current and new, says 'Password updated successfully!' and clears the form", async () => {
    const account = installFakeAccount();
    const { user, section } = await openSecurity();
    const form = section('Change Password');
    await user.type(within(form).getByLabelText('Current password'), PASSWORD);
    await user.type(within(form).getByLabelText('New password'), STRONG);
    await user.type(within(form).getByLabelText('Confirm new password'), STRONG);
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(account.calls.find((call) => call.path === '/user/password')?.body).toEqual({
      currentPassword: PASSWORD,
      newPassword: STRONG,
    });
    await waitFor(() => expect(within(form).getByLabelText('New password')).toHaveValue(''));
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it.each([
    [undefined, 'Current password is incorrect'],
    [{ status: 500, body: {} }, 'Failed to update password'],
  ])('a refusal shows the server message, else the fallback (%#)', async (failure, text) => {
    const account = installFakeAccount();
    if (failure) account.fail.set('PUT /user/password', failure);
    const { user, section } = await openSecurity();
    const form = section('Change Password');
    await user.type(within(form).getByLabelText('Current password'), 'not-it');
    await user.type(within(form).getByLabelText('New password'), STRONG);
    await user.type(within(form).getByLabelText('Confirm new password'), STRONG);
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    // Only the refused current password goes; the new one and its confirmation stay for the next try.
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));
    expect(within(form).getByLabelText('Current password')).toHaveFocus();
    expect(within(form).getByLabelText('New password')).toHaveValue(STRONG);
    expect(within(form).getByLabelText('Confirm new password')).toHaveValue(STRONG);
    expect(within(form).queryByText('Current password is required')).not.toBeInTheDocument();
  });
});

describe('Change Master Password', () => {
  it('has its own validation texts', async () => {
    const account = installFakeAccount();
    const { user, section } = await openSecurity();
    const form = section('Change Master Password');
    await user.click(within(form).getByRole('button', { name: 'Update Master Password' }));
    expect(await within(form).findByText('Current master password is required')).toBeInTheDocument();
    expect(within(form).getByText('New master password is required')).toBeInTheDocument();
    expect(within(form).getByText('Please confirm your master password')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New master password'), 'short');
    await user.type(within(form).getByLabelText('Confirm new master password'), 'shorter');
    await user.click(within(form).getByRole('button', { name: 'Update Master Password' }));
    expect(
      await within(form).findByText('Master password does not meet security requirements'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Master passwords do not match')).toBeInTheDocument();
    expect(await screen.findByText('Please create a stronger master password')).toBeInTheDocument();
    expect(account.count('PUT /user/master-password')).toBe(0);
  });

  it('a wrong current master password counts with the shared attempts; the right one resets them', async () => {
    const account = installFakeAccount();
    const { user, section } = await openSecurity();
    const form = section('Change Master Password');
    const submit = async (current: string) => {
      await user.type(within(form).getByLabelText('Current master password'), current);
      await user.click(within(form).getByRole('button', { name: 'Update Master Password' }));
    };
    await user.type(within(form).getByLabelText('New master password'), STRONG);
    await user.type(within(form).getByLabelText('Confirm new master password'), STRONG);
    await submit('Wrong#Master1');
    expect(await screen.findByText('Invalid master password. 2 attempts remaining.')).toBeInTheDocument();
    expect(account.master.state.attemptsRemaining).toBe(2);
    expect(window.localStorage.getItem('token')).not.toBeNull();

    await waitFor(() => expect(within(form).getByLabelText('Current master password')).toHaveValue(''));
    await submit(MASTER);
    expect(await screen.findByText('Master password updated successfully')).toBeInTheDocument();
    expect(account.calls.findLast((call) => call.path === '/user/master-password')?.body).toEqual({
      currentMasterPassword: MASTER,
      newMasterPassword: STRONG,
    });
    expect(account.master.state.attemptsRemaining).toBe(3);
    await waitFor(() => expect(within(form).getByLabelText('New master password')).toHaveValue(''));
    expect(within(form).getByLabelText('Confirm new master password')).toHaveValue('');
  });
});
