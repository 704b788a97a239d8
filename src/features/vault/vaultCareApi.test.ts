import { waitFor } from '@testing-library/react';
import { setupStore, type AppStore } from '../../app/store';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import { vaultApi } from './vaultApi';
import { vaultCareApi } from './vaultCareApi';

const MASTER = 'Master#Pass1';
const ROUTES = ['GET /passwords', 'GET /passwords/stats', 'GET /passwords/health', 'GET /passwords/trash'];

describe('vaultCareApi cache tags', () => {
  let vault: FakeVault;
  let store: AppStore;
  let unsubscribe: () => void;

  const counts = () => ROUTES.map((route) => vault.count(route));
  const trashOf = () => vaultCareApi.endpoints.getTrash.select()(store.getState()).data;
  const healthOf = () => vaultCareApi.endpoints.getVaultHealth.select()(store.getState()).data;

  beforeEach(async () => {
    vault = installFakeVault([
      makeEntry({ _id: 'gh', title: 'GitHub', password: 'abc' }),
      makeEntry({ _id: 'bank', title: 'Bank' }),
    ]);
    store = setupStore();
    const subscriptions = [
      store.dispatch(vaultApi.endpoints.getPasswords.initiate({})),
      store.dispatch(vaultApi.endpoints.getPasswordStats.initiate()),
      store.dispatch(vaultCareApi.endpoints.getVaultHealth.initiate()),
      store.dispatch(vaultCareApi.endpoints.getTrash.initiate()),
    ];
    await Promise.all(subscriptions);
    unsubscribe = () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  });

  afterEach(() => unsubscribe());

  it('delete, restore and purge each refetch the list, the stats, the health and the trash', async () => {
    expect(counts()).toEqual([1, 1, 1, 1]);
    expect(healthOf()).toEqual({ total: 2, weak: 1, reused: 0, old: 0 });

    await store
      .dispatch(
        vaultApi.endpoints.deletePassword.initiate({ id: 'gh', masterPassword: MASTER }, { track: false }),
      )
      .unwrap();
    await waitFor(() => expect(counts()).toEqual([2, 2, 2, 2]));
    await waitFor(() => expect(trashOf()?.map((entry) => entry._id)).toEqual(['gh']));
    expect(healthOf()).toEqual({ total: 1, weak: 0, reused: 0, old: 0 });

    const restored = await store
      .dispatch(vaultCareApi.endpoints.restorePassword.initiate('gh', { track: false }))
      .unwrap();
    expect(restored).toMatchObject({ _id: 'gh', title: 'GitHub' });
    expect(restored).not.toHaveProperty('password');
    await waitFor(() => expect(counts()).toEqual([3, 3, 3, 3]));
    await waitFor(() => expect(trashOf()).toEqual([]));

    await store
      .dispatch(
        vaultApi.endpoints.deletePassword.initiate({ id: 'bank', masterPassword: MASTER }, { track: false }),
      )
      .unwrap();
    await waitFor(() => expect(counts()).toEqual([4, 4, 4, 4]));
    const message = await store
      .dispatch(
        vaultCareApi.endpoints.purgePassword.initiate(
          { id: 'bank', masterPassword: MASTER },
          { track: false },
        ),
      )
      .unwrap();
    expect(message).toBe('Password deleted permanently');
    await waitFor(() => expect(counts()).toEqual([5, 5, 5, 5]));
    await waitFor(() => expect(trashOf()).toEqual([]));
  });

  it('a failed restore or purge refetches nothing', async () => {
    vault.fail.set('POST /passwords/:id/restore', { status: 404, message: 'Password not found' });
    await expect(
      store.dispatch(vaultCareApi.endpoints.restorePassword.initiate('nope', { track: false })).unwrap(),
    ).rejects.toEqual({ status: 404, message: 'Password not found' });
    await expect(
      store
        .dispatch(
          vaultCareApi.endpoints.purgePassword.initiate(
            { id: 'gh', masterPassword: MASTER },
            { track: false },
          ),
        )
        .unwrap(),
    ).rejects.toMatchObject({ status: 404 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts()).toEqual([1, 1, 1, 1]);
  });

  it('an edit refetches the health; the history it answers is kept nowhere in the store', async () => {
    await store
      .dispatch(
        vaultApi.endpoints.updatePassword.initiate(
          { id: 'gh', title: 'GitHub', email: '', password: 'N3w!Strong-one', masterPassword: MASTER },
          { track: false },
        ),
      )
      .unwrap();
    await waitFor(() => expect(healthOf()?.weak).toBe(0));
    expect(vault.count('GET /passwords/trash')).toBe(1);

    const history = await store
      .dispatch(
        vaultCareApi.endpoints.getPasswordHistory.initiate(
          { id: 'gh', masterPassword: MASTER },
          { track: false },
        ),
      )
      .unwrap();
    expect(history).toEqual([{ password: 'abc', changedAt: expect.any(String) }]);
    expect(JSON.stringify(store.getState())).not.toContain('"abc"');
    expect(JSON.stringify(store.getState())).not.toContain(MASTER);
  });
});
