import { setupStore } from '../../app/store';
import { baseApi } from '../../shared/api/baseApi';
import { waitFor } from '@testing-library/react';
import { vaultApi } from '../vault';
import { mockApi } from '../../test/mockApi';
import { exportAnswerOf, importResultOf, transferApi } from './transferApi';
import { installFakeXhr } from './xhrTestKit';

// The import goes through XMLHttpRequest (for its upload progress): here, through the mocked fetch.
installFakeXhr();

describe('reading the answers (SPEC section 7)', () => {
  it('takes the export from data, or the body itself, and the file name when there is one', () => {
    expect(exportAnswerOf({ success: true, data: 'a,b', filename: 'x.csv', format: 'csv' })).toEqual({
      data: 'a,b',
      filename: 'x.csv',
    });
    expect(exportAnswerOf({ data: 'a,b', filename: '' })).toEqual({ data: 'a,b', filename: undefined });
    expect(exportAnswerOf({ version: 1, passwords: [] })).toEqual({ data: { version: 1, passwords: [] } });
    expect(exportAnswerOf(null)).toEqual({ data: null });
  });

  it('takes the import result from data, or data.data, with missing counts as 0', () => {
    const result = { imported: 3, updated: 1, skipped: 2, errors: [{ title: 'A', error: 'No password' }] };
    expect(importResultOf({ success: true, message: 'ok', data: result })).toEqual(result);
    expect(importResultOf({ data: { data: result } })).toEqual(result);
    expect(importResultOf({ data: { imported: 1 } })).toEqual({
      imported: 1,
      updated: 0,
      skipped: 0,
      errors: [],
    });
    expect(importResultOf(undefined)).toEqual({ imported: 0, updated: 0, skipped: 0, errors: [] });
  });
});

describe('import and the cache', () => {
  it('refetches the list, the stats and the settings after a successful import only', async () => {
    const { calls } = mockApi({
      'GET /passwords': { body: { data: { passwords: [] } } },
      'GET /passwords/stats': { body: { data: { total: 0, favorites: 0, categories: {} } } },
      'GET /user/settings': { body: { settings: {} } },
      'POST /utility/import': ({ body }) =>
        (body as { data: string }).data === 'bad'
          ? { status: 400, body: { message: 'Unrecognised file' } }
          : { body: { success: true, data: { imported: 1, updated: 0, skipped: 0, errors: [] } } },
    });
    const store = setupStore();
    // Screens that show the vault: the list, the stats and (standing in for the settings query) a
    // query that provides the 'Settings' tag.
    const settingsApi = baseApi.injectEndpoints({
      endpoints: (build) => ({
        settingsProbe: build.query<unknown, void>({
          query: () => '/user/settings',
          providesTags: ['Settings'],
        }),
      }),
    });
    const subscriptions = [
      store.dispatch(vaultApi.endpoints.getPasswords.initiate({})),
      store.dispatch(vaultApi.endpoints.getPasswordStats.initiate()),
      store.dispatch(settingsApi.endpoints.settingsProbe.initiate()),
    ];
    await Promise.all(subscriptions);
    const gets = () =>
      calls
        .filter((call) => call.method === 'GET')
        .map((call) => call.path)
        .sort();
    expect(gets()).toEqual(['/passwords', '/passwords/stats', '/user/settings']);

    const arg = {
      masterPassword: 'm',
      data: 'x',
      format: 'csv' as const,
      options: { skipDuplicates: true, updateExisting: false },
    };
    await expect(
      store
        .dispatch(transferApi.endpoints.importPasswords.initiate({ ...arg, data: 'bad' }, { track: false }))
        .unwrap(),
    ).rejects.toEqual({ status: 400, message: 'Unrecognised file' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gets()).toHaveLength(3);

    const result = await store
      .dispatch(transferApi.endpoints.importPasswords.initiate(arg, { track: false }))
      .unwrap();
    expect(result.imported).toBe(1);
    await waitFor(() => expect(gets()).toHaveLength(6));
    expect(gets()).toEqual([
      '/passwords',
      '/passwords',
      '/passwords/stats',
      '/passwords/stats',
      '/user/settings',
      '/user/settings',
    ]);
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    store.dispatch(baseApi.util.resetApiState());
  });
});

describe('import failures (the base query rule, SPEC section 8)', () => {
  const arg = {
    masterPassword: 'm',
    data: 'x',
    format: 'csv' as const,
    options: { skipDuplicates: true, updateExisting: false },
  };
  const importOnce = (store: ReturnType<typeof setupStore>) =>
    store.dispatch(transferApi.endpoints.importPasswords.initiate(arg, { track: false })).unwrap();

  it('signs out on a 401 about the token, with the bearer sent', async () => {
    window.localStorage.setItem('token', 'old-token');
    const { calls } = mockApi({
      'POST /utility/import': { status: 401, body: { message: 'Token expired' } },
    });
    const store = setupStore();
    await expect(importOnce(store)).rejects.toEqual({ status: 401, message: 'Token expired' });
    expect(calls[0].headers.get('authorization')).toBe('Bearer old-token');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session on a 401 about the master password, with its details', async () => {
    window.localStorage.setItem('token', 'kept-token');
    mockApi({
      'POST /utility/import': {
        status: 401,
        body: { message: 'Invalid master password', attemptsRemaining: 1 },
      },
    });
    const store = setupStore();
    await expect(importOnce(store)).rejects.toEqual({
      status: 401,
      message: 'Invalid master password',
      attemptsRemaining: 1,
    });
    expect(window.localStorage.getItem('token')).toBe('kept-token');
  });
});
