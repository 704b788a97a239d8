// First: the stand-in for the DevTools extension must exist before Redux Toolkit loads.
import { devToolsRecord } from '../../test/devToolsRecorder';
import { screen, waitFor, within } from '@testing-library/react';
import {
  MASTER,
  PASSWORD,
  QR_CODE,
  RECOVERY_CODES,
  TOTP_SECRET,
  VALID_CODE,
  installFakeAccount,
} from '../../test/fakeAccountServer';
import { renderSettings } from '../../test/renderSettings';

const NEW_PASSWORD = 'N3w!Passphrase';
const NEW_MASTER = 'N3w@MasterKey';
const WRONG_MASTER = 'Wr0ng#Master';

test('passwords, master passwords, codes, the TOTP secret and recovery codes stay out of the store and DevTools', async () => {
  installFakeAccount();
  const { user, store } = await renderSettings({ tab: 'security' });
  expect(devToolsRecord.options.length).toBeGreaterThan(0);

  // Change Password and Change Master Password (a wrong one first).
  const passwordForm = screen.getByRole('region', { name: 'Change Password' });
  await user.type(within(passwordForm).getByLabelText('Current password'), PASSWORD);
  await user.type(within(passwordForm).getByLabelText('New password'), NEW_PASSWORD);
  await user.type(within(passwordForm).getByLabelText('Confirm new password'), NEW_PASSWORD);
  await user.click(within(passwordForm).getByRole('button', { name: 'Update Password' }));
  expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
  const masterForm = screen.getByRole('region', { name: 'Change Master Password' });
  // A refused attempt keeps the new master password in the form for the next one.
  await user.type(within(masterForm).getByLabelText('New master password'), NEW_MASTER);
  await user.type(within(masterForm).getByLabelText('Confirm new master password'), NEW_MASTER);
  for (const current of [WRONG_MASTER, MASTER]) {
    await user.type(within(masterForm).getByLabelText('Current master password'), current);
    await user.click(within(masterForm).getByRole('button', { name: 'Update Master Password' }));
    await waitFor(() => expect(within(masterForm).getByLabelText('Current master password')).toHaveValue(''));
  }
  await waitFor(() => expect(within(masterForm).getByLabelText('New master password')).toHaveValue(''));
  expect(await screen.findByText('Master password updated successfully')).toBeInTheDocument();

  // Two-factor on (secret, code, recovery codes), then off.
  const twoFactor = screen.getByRole('region', { name: 'Two-Factor Authentication' });
  await user.click(await within(twoFactor).findByRole('button', { name: 'Enable 2FA' }));
  let dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication' });
  await user.type(within(dialog).getByLabelText('Account password'), PASSWORD);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  dialog = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
  await user.type(within(dialog).getByLabelText('6-digit code'), VALID_CODE);
  await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));
  dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
  expect(within(dialog).getByText(RECOVERY_CODES[0])).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'I have saved these codes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(await within(twoFactor).findByRole('button', { name: 'Disable 2FA' }));
  dialog = await screen.findByRole('dialog', { name: 'Disable two-factor authentication' });
  await user.type(within(dialog).getByLabelText('Account password'), PASSWORD);
  await user.type(within(dialog).getByLabelText('Authentication code'), VALID_CODE);
  await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
  expect(await screen.findByText('2FA disabled successfully')).toBeInTheDocument();

  const secrets = [
    PASSWORD,
    NEW_PASSWORD,
    MASTER,
    NEW_MASTER,
    WRONG_MASTER,
    TOTP_SECRET,
    QR_CODE,
    // Quoted: a bare run of six digits could occur inside a timestamp.
    JSON.stringify(VALID_CODE),
    ...RECOVERY_CODES,
  ];
  const state = JSON.stringify(store.getState());
  for (const secret of secrets) expect(state).not.toContain(secret);

  // DevTools saw every call happen, but not what it carried or answered.
  const seen = JSON.stringify(devToolsRecord.actions) + JSON.stringify(devToolsRecord.state);
  for (const endpoint of [
    'changePassword',
    'changeMasterPassword',
    'enableTwoFactor',
    'verifyTwoFactorSetup',
    'disableTwoFactor',
  ]) {
    expect(seen).toContain(endpoint);
  }
  for (const secret of secrets) expect(seen).not.toContain(secret);
});

test('the passwords of an account deletion, right or wrong, stay out of the store and DevTools', async () => {
  installFakeAccount();
  const { user, store } = await renderSettings({ tab: 'danger' });
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
  const account = within(dialog).getByLabelText('Account password');
  const master = within(dialog).getByLabelText('Master password');
  await user.type(account, 'Wr0ng!Account');
  await user.type(master, WRONG_MASTER);
  await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
  expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();
  await user.type(account, PASSWORD);
  await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
  expect(await within(dialog).findByText(/^Invalid master password\./)).toBeInTheDocument();
  await user.type(master, MASTER);
  await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
  const question = await screen.findByRole('dialog', { description: /absolutely sure/ });
  await user.click(within(question).getByRole('button', { name: 'Delete Account' }));
  expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();

  const secrets = [PASSWORD, 'Wr0ng!Account', MASTER, WRONG_MASTER];
  const state = JSON.stringify(store.getState());
  for (const secret of secrets) expect(state).not.toContain(secret);
  const seen = JSON.stringify(devToolsRecord.actions) + JSON.stringify(devToolsRecord.state);
  expect(seen).toContain('checkAccountDeletion');
  expect(seen).toContain('deleteAccount');
  for (const secret of secrets) expect(seen).not.toContain(secret);
});
