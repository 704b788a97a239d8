import { waitFor } from '@testing-library/react';
import { currentUserApi } from '../auth';
import type { AppStore } from '../../app/store';
import { DEFAULT_GENERATOR_OPTIONS, DEFAULT_PASSPHRASE_OPTIONS } from '../../common/generatorOptions';
import { installFakeAccount, PASSWORD, TOTP_SECRET, type FakeAccount } from '../../test/fakeAccountServer';
import { signedInStore } from '../../test/renderSettings';
import { LIST_ORDER_STORAGE_KEY } from '../../shared/api/listOrderStorage';
import { secretAnswer } from './secretAnswer';
import { loadListPreferences } from './useListPreferences';
import { INVALID_RESPONSE_FORMAT, settingsApi } from './settingsApi';

const settingsOf = (store: AppStore) => settingsApi.endpoints.getSettings.select()(store.getState()).data;
const PREFERENCES = { emailNotifications: false, securityAlerts: true, autoLogout: 60 } as const;

describe('the settings cache', () => {
  let account: FakeAccount;
  let store: AppStore;
  let unsubscribe: () => void;

  beforeEach(async () => {
    account = installFakeAccount();
    store = signedInStore();
    const subscription = store.dispatch(settingsApi.endpoints.getSettings.initiate());
    await subscription;
    unsubscribe = subscription.unsubscribe;
  });
  afterEach(() => unsubscribe());

  it('shows a change before the server answers, then keeps what the server answered', async () => {
    const release = account.hold('PUT /user/settings');
    const saving = store.dispatch(settingsApi.endpoints.updateSettings.initiate(PREFERENCES));
    expect(settingsOf(store)).toMatchObject(PREFERENCES);
    account.settings = { ...account.settings, totalPasswords: 99 };
    release();
    await expect(saving.unwrap()).resolves.toMatchObject({ message: 'Settings updated successfully' });
    await waitFor(() => expect(settingsOf(store)).toMatchObject({ ...PREFERENCES, totalPasswords: 99 }));
    expect(account.count('GET /user/settings')).toBe(1);
  });

  it('puts the old values back when the save fails', async () => {
    const before = settingsOf(store);
    account.fail.set('PUT /user/settings', {
      status: 400,
      body: { message: 'Auto logout must be one of ...' },
    });
    const saving = store.dispatch(settingsApi.endpoints.updateSettings.initiate(PREFERENCES));
    expect(settingsOf(store)).toMatchObject(PREFERENCES);
    await expect(saving.unwrap()).rejects.toEqual({ status: 400, message: 'Auto logout must be one of ...' });
    expect(settingsOf(store)).toEqual(before);
  });
});

describe("the list's order, kept for the next reload of the Passwords page", () => {
  const kept = () => JSON.parse(window.localStorage.getItem(LIST_ORDER_STORAGE_KEY) ?? 'null') as unknown;
  afterEach(() => window.localStorage.removeItem(LIST_ORDER_STORAGE_KEY));

  it('is the order the server answered, then each saved change of it, and nothing else', async () => {
    const account = installFakeAccount({ settings: { listSort: 'name', favoritesFirst: true } });
    const store = signedInStore();
    await store.dispatch(settingsApi.endpoints.getPreferences.initiate(undefined, { subscribe: false }));
    expect(kept()).toEqual({ listSort: 'name', favoritesFirst: true });

    await store.dispatch(settingsApi.endpoints.updateSettings.initiate({ listSort: 'updated' })).unwrap();
    expect(kept()).toEqual({ listSort: 'updated', favoritesFirst: true });
    // A save of other settings leaves it as it is.
    await store.dispatch(settingsApi.endpoints.updateSettings.initiate(PREFERENCES)).unwrap();
    expect(kept()).toEqual({ listSort: 'updated', favoritesFirst: true });

    account.fail.set('PUT /user/settings', { status: 500, body: { message: 'Server error' } });
    const refused = store.dispatch(settingsApi.endpoints.updateSettings.initiate({ favoritesFirst: false }));
    await expect(refused.unwrap()).rejects.toMatchObject({ status: 500 });
    expect(kept()).toEqual({ listSort: 'updated', favoritesFirst: true });
  });
});

describe("the list's order when the preferences cannot be fetched", () => {
  afterEach(() => window.localStorage.removeItem(LIST_ORDER_STORAGE_KEY));

  it('is the order this browser kept, else the defaults', async () => {
    const account = installFakeAccount();
    account.fail.set('GET /user/preferences', { status: 500, body: { message: 'Server error' } });
    const store = signedInStore();
    await expect(store.dispatch(loadListPreferences())).resolves.toEqual({
      listView: 'cards',
      listSort: 'created',
      favoritesFirst: false,
    });
    window.localStorage.setItem(LIST_ORDER_STORAGE_KEY, '{"listSort":"name","favoritesFirst":true}');
    await expect(store.dispatch(loadListPreferences())).resolves.toEqual({
      listView: 'cards',
      listSort: 'name',
      favoritesFirst: true,
    });
  });
});

describe('profile and user', () => {
  it("a profile answer without the user fails with 'Invalid response format'", async () => {
    const account = installFakeAccount();
    account.fail.set('PUT /user/profile', {
      body: { success: true, message: 'Profile updated successfully' },
    });
    const store = signedInStore();
    const saving = store.dispatch(
      settingsApi.endpoints.updateProfile.initiate({
        firstName: 'A',
        lastName: 'B',
        email: 'ada@example.com',
      }),
    );
    await expect(saving.unwrap()).rejects.toEqual({
      status: 'CUSTOM_ERROR',
      message: INVALID_RESPONSE_FORMAT,
    });
  });

  it('a saved profile and a two-factor change refetch the current user', async () => {
    const account = installFakeAccount();
    const store = signedInStore();
    const subscription = store.dispatch(currentUserApi.endpoints.currentUser.initiate());
    await subscription;
    await store
      .dispatch(
        settingsApi.endpoints.disableTwoFactor.initiate(
          { password: PASSWORD, code: '123456' },
          { track: false },
        ),
      )
      .unwrap()
      .catch(() => undefined); // 2FA is off here: the call is refused and nothing is refetched.
    await store
      .dispatch(
        settingsApi.endpoints.updateProfile.initiate({ firstName: 'Augusta', lastName: 'King', email: 'x' }),
      )
      .unwrap();
    await waitFor(() => expect(account.count('GET /auth/me')).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(account.count('GET /auth/me')).toBe(2);
    expect(currentUserApi.endpoints.currentUser.select()(store.getState()).data?.firstName).toBe('Augusta');
    subscription.unsubscribe();
  });
});

test('secretAnswer: readable by name, invisible to enumeration and JSON', () => {
  const answer = secretAnswer({ secret: TOTP_SECRET, recoveryCodes: ['a', 'b'] });
  expect(answer.secret).toBe(TOTP_SECRET);
  expect(answer.recoveryCodes).toEqual(['a', 'b']);
  expect(Object.keys(answer)).toEqual([]);
  expect(JSON.stringify(answer)).toBe('{}');
  expect(Object.isFrozen(answer)).toBe(true);
});

describe('the generator options in the settings (issue 14)', () => {
  it('are read from the settings and saved alone: shown at once, put back if the save fails', async () => {
    const account = installFakeAccount();
    const store = signedInStore();
    const subscription = store.dispatch(settingsApi.endpoints.getSettings.initiate());
    await subscription;
    expect(settingsOf(store)?.generator).toEqual(DEFAULT_GENERATOR_OPTIONS);

    const passphrase = { ...DEFAULT_PASSPHRASE_OPTIONS, words: 5 };
    const release = account.hold('PUT /user/settings');
    const saving = store.dispatch(settingsApi.endpoints.updateSettings.initiate({ generator: passphrase }));
    expect(settingsOf(store)?.generator).toEqual(passphrase);
    release();
    await saving.unwrap();
    expect(account.calls.findLast((call) => call.method === 'PUT')?.body).toEqual({ generator: passphrase });
    expect(account.settings).toMatchObject({ generator: passphrase, autoLogout: 30 });

    account.fail.set('PUT /user/settings', {
      status: 400,
      body: { message: 'Number of words must be a whole number from 3 to 20' },
    });
    const refused = store.dispatch(
      settingsApi.endpoints.updateSettings.initiate({ generator: { ...passphrase, words: 3 } }),
    );
    await expect(refused.unwrap()).rejects.toMatchObject({ status: 400 });
    expect(settingsOf(store)?.generator).toEqual(passphrase);
    subscription.unsubscribe();
  });
});
