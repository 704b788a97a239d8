import { screen, waitFor, within } from '@testing-library/react';
import { settingsApi } from './settingsApi';
import { installFakeAccount } from '../../test/fakeAccountServer';
import { renderSettings } from '../../test/renderSettings';

const cached = (store: Awaited<ReturnType<typeof renderSettings>>['store']) =>
  settingsApi.endpoints.getSettings.select()(store.getState()).data;

async function openNotifications() {
  const view = await renderSettings({ tab: 'notifications' });
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Email Notifications' })).toBeEnabled());
  return view;
}

test('the switches and the select show the saved settings', async () => {
  installFakeAccount({ settings: { emailNotifications: false, securityAlerts: true, autoLogout: 15 } });
  await openNotifications();
  expect(screen.getByRole('switch', { name: 'Email Notifications' })).not.toBeChecked();
  expect(screen.getByRole('switch', { name: 'Security Alerts' })).toBeChecked();
  expect(screen.getByRole('combobox', { name: 'Auto Logout' })).toHaveTextContent('15 minutes');
});

test("a toggle saves the whole settings object at once: 'Settings updated successfully!'", async () => {
  const account = installFakeAccount();
  const { user, store } = await openNotifications();
  const release = account.hold('PUT /user/settings');
  await user.click(screen.getByRole('switch', { name: 'Security Alerts' }));
  // Optimistic: shown before the server answered.
  expect(screen.getByRole('switch', { name: 'Security Alerts' })).not.toBeChecked();
  expect(cached(store)?.securityAlerts).toBe(false);
  release();
  expect(await screen.findByText('Settings updated successfully!')).toBeInTheDocument();
  expect(account.calls.findLast((call) => call.method === 'PUT')?.body).toEqual({
    emailNotifications: true,
    securityAlerts: false,
    autoLogout: 30,
  });
  expect(account.settings.securityAlerts).toBe(false);

  await user.click(screen.getByRole('switch', { name: 'Email Notifications' }));
  await waitFor(() => expect(account.count('PUT /user/settings')).toBe(2));
  expect(account.calls.findLast((call) => call.method === 'PUT')?.body).toEqual({
    emailNotifications: false,
    securityAlerts: false,
    autoLogout: 30,
  });
});

test('the Auto Logout select offers SPEC section 9 and saves the choice', async () => {
  const account = installFakeAccount();
  const { user } = await openNotifications();
  await user.click(screen.getByRole('combobox', { name: 'Auto Logout' }));
  const options = within(screen.getByRole('listbox')).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    '5 minutes',
    '15 minutes',
    '30 minutes',
    '1 hour',
    '2 hours',
  ]);
  await user.click(screen.getByRole('option', { name: '1 hour' }));
  expect(await screen.findByText('Settings updated successfully!')).toBeInTheDocument();
  expect(account.settings.autoLogout).toBe(60);
  expect(screen.getByRole('combobox', { name: 'Auto Logout' })).toHaveTextContent('1 hour');
});

test.each([
  [{ status: 500, body: { message: 'Database is busy' } }, 'Database is busy'],
  [{ status: 500, body: {} }, 'Failed to update settings'],
])('a failed save puts the switch back and says why (%#)', async (failure, text) => {
  const account = installFakeAccount();
  const { user, store } = await openNotifications();
  account.fail.set('PUT /user/settings', failure);
  await user.click(screen.getByRole('switch', { name: 'Email Notifications' }));
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();
  expect(cached(store)?.emailNotifications).toBe(true);
});

test('a failed load shows no toast (SPEC section 8), but says so with Retry instead of defaults as if they were saved', async () => {
  const account = installFakeAccount({ settings: { securityAlerts: false } });
  account.fail.set('GET /user/settings', { status: 500, body: { message: 'Database is busy' } });
  const { user } = await renderSettings({ tab: 'notifications' });
  const failure = await screen.findByRole('alert');
  expect(failure).toHaveTextContent('Your settings could not be loaded: Database is busy');
  // Only the panel's message: no toast.
  expect(screen.getAllByText(/Database is busy/)).toHaveLength(1);
  // No switch to flip: a change would send the defaults for the others.
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  // It waits for Retry: no request after request while the message shows.
  const requests = account.count('GET /user/settings');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(account.count('GET /user/settings')).toBe(requests);

  account.fail.delete('GET /user/settings');
  await user.click(within(failure).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Security Alerts' })).toBeEnabled());
  expect(screen.getByRole('switch', { name: 'Security Alerts' })).not.toBeChecked();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
