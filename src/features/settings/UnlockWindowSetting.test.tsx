// Issue 15, Settings > Security: "Ask for the master password" every time (default) or for 1, 5 or
// 15 minutes after unlocking, saved at once like the other preferences.
import { act, screen, waitFor, within } from '@testing-library/react';
import { currentUnlockKey, forgetUnlockWindow, openUnlockWindow } from '../../shared/api/vaultUnlock';
import { installFakeAccount } from '../../test/fakeAccountServer';
import { renderSettings } from '../../test/renderSettings';
import { settingsApi } from './settingsApi';

const CHOICES = [
  'Every time (default)',
  'For 1 minute after unlocking',
  'For 5 minutes after unlocking',
  'For 15 minutes after unlocking',
];

async function openChoice() {
  const view = await renderSettings({ tab: 'security' });
  const group = screen.getByRole('radiogroup', { name: 'Ask for the master password' });
  await waitFor(() => expect(within(group).getByRole('radio', { name: CHOICES[0] })).toBeEnabled());
  return { ...view, group };
}

afterEach(() => act(() => forgetUnlockWindow()));

test('every time is the default; a choice is saved at once and kept', async () => {
  const account = installFakeAccount();
  const { user, store, group } = await openChoice();
  expect(screen.getByRole('region', { name: 'Unlock window' })).toContainElement(group);
  expect(
    within(group)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent),
  ).toEqual(CHOICES);
  expect(within(group).getByRole('radio', { name: CHOICES[0] })).toBeChecked();
  expect(group).toHaveAccessibleDescription(/stays unlocked in that browser tab only/);

  await user.click(within(group).getByRole('radio', { name: 'For 5 minutes after unlocking' }));
  expect(await screen.findByText('Settings updated successfully!')).toBeInTheDocument();
  expect(account.calls.findLast((call) => call.method === 'PUT')?.body).toEqual({ unlockMinutes: 5 });
  expect(account.settings.unlockMinutes).toBe(5);
  expect(settingsApi.endpoints.getSettings.select()(store.getState()).data?.unlockMinutes).toBe(5);
  expect(within(group).getByRole('radio', { name: 'For 5 minutes after unlocking' })).toBeChecked();
});

test('shows the saved choice', async () => {
  installFakeAccount({ settings: { unlockMinutes: 15 } });
  const { group } = await openChoice();
  await waitFor(() =>
    expect(within(group).getByRole('radio', { name: 'For 15 minutes after unlocking' })).toBeChecked(),
  );
});

test('a refused save goes back to what was saved and says why', async () => {
  const account = installFakeAccount({ settings: { unlockMinutes: 1 } });
  account.fail.set('PUT /user/settings', { status: 500, body: { message: 'Database unavailable' } });
  const { user, group } = await openChoice();
  await waitFor(() =>
    expect(within(group).getByRole('radio', { name: 'For 1 minute after unlocking' })).toBeChecked(),
  );
  await user.click(within(group).getByRole('radio', { name: 'For 15 minutes after unlocking' }));
  expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  await waitFor(() =>
    expect(within(group).getByRole('radio', { name: 'For 1 minute after unlocking' })).toBeChecked(),
  );
  expect(account.settings.unlockMinutes).toBe(1);
});

test('going back to "every time" locks a window open in this tab', async () => {
  const account = installFakeAccount({ settings: { unlockMinutes: 5 } });
  const { user, group } = await openChoice();
  act(() => openUnlockWindow('tab-key', Date.now() + 5 * 60_000));
  await user.click(within(group).getByRole('radio', { name: 'Every time (default)' }));
  expect(await screen.findByText('Settings updated successfully!')).toBeInTheDocument();
  expect(account.settings.unlockMinutes).toBe(0);
  await waitFor(() => expect(currentUnlockKey()).toBeNull());
  expect(account.calls.some((call) => call.method === 'DELETE' && call.path === '/auth/vault-unlock')).toBe(
    true,
  );
});
