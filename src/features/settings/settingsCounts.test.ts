// The settings' counts follow the vault through cache tags: a change to entries made anywhere (here, a
// new entry) refetches them while the Settings page shows them; no screen refetches by hand.
import { waitFor } from '@testing-library/react';
import { setupStore } from '../../app/store';
import { baseApi } from '../../shared/api/baseApi';
import { mockApi } from '../../test/mockApi';
import { vaultApi } from '../vault';
import { settingsApi } from './settingsApi';

const settings = (totalPasswords: number) => ({
  success: true,
  settings: {
    emailNotifications: true,
    securityAlerts: true,
    autoLogout: 30,
    totalPasswords,
    favoritePasswords: 0,
    totalCategories: totalPasswords ? 1 : 0,
    totalTags: 0,
  },
});

test('saving an entry refreshes the counts; a refused save does not', async () => {
  let stored = 0;
  let refuse = false;
  const { calls } = mockApi({
    'GET /user/settings': () => ({ body: settings(stored) }),
    'POST /passwords': () => {
      if (refuse) return { status: 400, body: { message: 'Title is too long' } };
      stored += 1;
      return { status: 201, body: { success: true, data: { password: { _id: `e${stored}` } } } };
    },
  });
  const store = setupStore();
  const subscription = store.dispatch(settingsApi.endpoints.getSettings.initiate());
  await subscription;
  const counts = () => settingsApi.endpoints.getSettings.select()(store.getState()).data?.totalPasswords;
  expect(counts()).toBe(0);

  const entry = { title: 'GitHub', email: 'ada', password: 'x', masterPassword: 'M' };
  await store.dispatch(vaultApi.endpoints.createPassword.initiate(entry, { track: false })).unwrap();
  await waitFor(() => expect(counts()).toBe(1));

  refuse = true;
  const before = calls.filter((call) => call.path === '/user/settings').length;
  await expect(
    store.dispatch(vaultApi.endpoints.createPassword.initiate(entry, { track: false })).unwrap(),
  ).rejects.toMatchObject({ status: 400 });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(calls.filter((call) => call.path === '/user/settings')).toHaveLength(before);

  subscription.unsubscribe();
  store.dispatch(baseApi.util.resetApiState());
});
