import { screen, waitFor, within } from '@testing-library/react';
import {
  PASSWORD,
  QR_CODE,
  RECOVERY_CODES,
  TOTP_SECRET,
  VALID_CODE,
  installFakeAccount,
} from '../../test/fakeAccountServer';
import { RECOVERY_CODES_FILE } from './RecoveryCodes';
import { renderSettings } from '../../test/renderSettings';

function installClipboard() {
  const writeText = jest.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText, readText: async () => '' },
    configurable: true,
  });
  return writeText;
}

/** jsdom's Blob has no text(). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

async function openTwoFactor() {
  const view = await renderSettings({ tab: 'security' });
  const section = screen.getByRole('region', { name: 'Two-Factor Authentication' });
  return { ...view, section };
}

test('enable: password, then QR code, setup key and code, then the ten recovery codes once', async () => {
  const account = installFakeAccount();
  const createObjectURL = jest.fn((_blob: Blob) => 'blob:codes');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const prompt = jest.spyOn(window, 'prompt');
  const { user, section } = await openTwoFactor();
  // After userEvent.setup(), which puts its own clipboard in place.
  const writeText = installClipboard();
  expect(await within(section).findByText('Disabled')).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Enable 2FA' }));
  let dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication' });
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Account password'), 'wrong');
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Account password'), PASSWORD);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

  dialog = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
  // The refused password's toast closes once the password is taken: it no longer sits over the QR code.
  await waitFor(() => expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument());
  const qr = within(dialog).getByRole('img', { name: /QR code/ });
  expect(qr).toHaveAttribute('src', QR_CODE);
  expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Copy setup key' }));
  expect(writeText).toHaveBeenLastCalledWith(TOTP_SECRET);
  expect(await screen.findByText('Setup key copied to clipboard')).toBeInTheDocument();

  const code = within(dialog).getByLabelText('6-digit code');
  await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));
  expect(await within(dialog).findByText('Verification code is required')).toBeInTheDocument();
  await user.type(code, '12a3');
  expect(code).toHaveValue('123');
  await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));
  expect(await within(dialog).findByText('Please enter a valid 6-digit code')).toBeInTheDocument();
  await user.clear(code);
  await user.type(code, '999999');
  await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));
  expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();
  await user.type(code, VALID_CODE);
  await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));

  dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
  await waitFor(() => expect(screen.queryByText('Invalid verification code')).not.toBeInTheDocument());
  const list = within(dialog).getByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(RECOVERY_CODES);
  await user.click(within(dialog).getByRole('button', { name: 'Copy codes' }));
  expect(writeText).toHaveBeenLastCalledWith(RECOVERY_CODES.join('\n'));
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    expect(this.download).toBe(RECOVERY_CODES_FILE);
  });
  await user.click(within(dialog).getByRole('button', { name: 'Download (.txt)' }));
  expect(click).toHaveBeenCalledTimes(1);
  const text = await readBlob(createObjectURL.mock.calls[0][0]);
  RECOVERY_CODES.forEach((recoveryCode) => expect(text).toContain(recoveryCode));

  // Escape does not lose the codes by accident; the button closes, and they are gone for good.
  await user.keyboard('{Escape}');
  expect(dialog).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'I have saved these codes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.queryByText(RECOVERY_CODES[0])).not.toBeInTheDocument();
  // The user was refetched: the section says Enabled and offers Disable 2FA.
  expect(await within(section).findByText('Enabled')).toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Disable 2FA' })).toBeInTheDocument();
  expect(account.count('GET /auth/me')).toBeGreaterThanOrEqual(2);
  expect(account.calls.filter((call) => call.path === '/auth/verify-2fa-setup').map((c) => c.body)).toEqual([
    { otp: '999999' },
    { otp: VALID_CODE },
  ]);
  expect(prompt).not.toHaveBeenCalled();
  click.mockRestore();
});

test('closing the setup midway forgets the secret; opening again starts with the password', async () => {
  installFakeAccount();
  const { user, section } = await openTwoFactor();
  await user.click(await within(section).findByRole('button', { name: 'Enable 2FA' }));
  let dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication' });
  await user.type(within(dialog).getByLabelText('Account password'), PASSWORD);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  dialog = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(within(section).getByRole('button', { name: 'Enable 2FA' }));
  dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication' });
  expect(within(dialog).queryByText(/JBSW/)).not.toBeInTheDocument();
  expect(within(dialog).getByLabelText('Account password')).toHaveValue('');
});

test('disable: asks for the account password and a current code in a dialog (no browser prompt), then refetches the user', async () => {
  const account = installFakeAccount({ user: { twoFactorEnabled: true } });
  const prompt = jest.spyOn(window, 'prompt');
  const { user, section } = await openTwoFactor();
  expect(await within(section).findByText('Enabled')).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Disable 2FA' }));
  const dialog = await screen.findByRole('dialog', { name: 'Disable two-factor authentication' });
  await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
  expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Authentication code is required')).toBeInTheDocument();
  const code = () => within(dialog).getByLabelText('Authentication code');

  await user.type(within(dialog).getByLabelText('Account password'), PASSWORD);
  await user.type(code(), '111111');
  await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
  expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();
  await waitFor(() => expect(code()).toHaveValue(''));

  await user.type(within(dialog).getByLabelText('Account password'), 'wrong');
  await user.type(code(), VALID_CODE);
  await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
  expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
  await waitFor(() => expect(within(dialog).getByLabelText('Account password')).toHaveValue(''));

  account.fail.set('POST /auth/disable-2fa', { status: 500, body: {} });
  await user.type(within(dialog).getByLabelText('Account password'), PASSWORD);
  await user.type(code(), VALID_CODE);
  await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
  expect(await screen.findByText('Failed to disable 2FA')).toBeInTheDocument();

  account.fail.delete('POST /auth/disable-2fa');
  await user.type(within(dialog).getByLabelText('Account password'), PASSWORD);
  await user.type(code(), RECOVERY_CODES[2]);
  await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
  expect(await screen.findByText('2FA disabled successfully')).toBeInTheDocument();
  // The refused attempts' toasts close with it: no "Invalid verification code" beside the success.
  await waitFor(() => expect(screen.queryByText('Invalid verification code')).not.toBeInTheDocument());
  expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();
  expect(screen.queryByText('Failed to disable 2FA')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(section).findByText('Disabled')).toBeInTheDocument();
  expect(account.calls.findLast((call) => call.path === '/auth/disable-2fa')?.body).toEqual({
    password: PASSWORD,
    code: RECOVERY_CODES[2],
  });
  expect(prompt).not.toHaveBeenCalled();
});
