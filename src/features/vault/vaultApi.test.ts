import { waitFor } from '@testing-library/react';
import { setupStore, type AppStore } from '../../app/store';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import { listParams, vaultApi } from './vaultApi';

const ALL = {};
const FAVOURITES = { favorite: true };

async function subscribed(store: AppStore) {
  const subscriptions = [
    store.dispatch(vaultApi.endpoints.getPasswords.initiate(ALL)),
    store.dispatch(vaultApi.endpoints.getPasswords.initiate(FAVOURITES)),
    store.dispatch(vaultApi.endpoints.getPasswordStats.initiate()),
  ];
  await Promise.all(subscriptions);
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}

const listOf = (store: AppStore, query: object) =>
  vaultApi.endpoints.getPasswords.select(query)(store.getState()).data;
const statsOf = (store: AppStore) => vaultApi.endpoints.getPasswordStats.select()(store.getState()).data;

describe('vaultApi cache tags', () => {
  let vault: FakeVault;
  let store: AppStore;
  let unsubscribe: () => void;

  beforeEach(async () => {
    vault = installFakeVault([
      makeEntry({ _id: 'gh', title: 'GitHub', isFavorite: false }),
      makeEntry({ _id: 'bank', title: 'Bank', category: 'finance', isFavorite: true }),
    ]);
    store = setupStore();
    unsubscribe = await subscribed(store);
  });

  afterEach(() => unsubscribe());

  it('a favourite toggle shows at once in every list, then refetches the lists and the stats', async () => {
    expect(vault.count('GET /passwords')).toBe(2);
    expect(vault.count('GET /passwords/stats')).toBe(1);
    expect(statsOf(store)?.favorites).toBe(1);

    const toggle = store.dispatch(vaultApi.endpoints.toggleFavorite.initiate('gh', { track: false }));
    // Optimistic: before the server answered.
    expect(listOf(store, ALL)?.find((entry) => entry._id === 'gh')?.isFavorite).toBe(true);
    const result = await toggle.unwrap();
    expect(result.message).toBe('Added to favorites');

    await waitFor(() => expect(vault.count('GET /passwords')).toBe(4));
    await waitFor(() => expect(vault.count('GET /passwords/stats')).toBe(2));
    await waitFor(() => expect(statsOf(store)?.favorites).toBe(2));
    expect(
      listOf(store, FAVOURITES)
        ?.map((entry) => entry._id)
        .sort(),
    ).toEqual(['bank', 'gh']);
  });

  it('unfavouriting takes the entry out of a favourites-only list at once', async () => {
    const toggle = store.dispatch(vaultApi.endpoints.toggleFavorite.initiate('bank', { track: false }));
    expect(listOf(store, FAVOURITES)).toEqual([]);
    expect(listOf(store, ALL)?.find((entry) => entry._id === 'bank')?.isFavorite).toBe(false);
    await toggle.unwrap();
  });

  it('a failed toggle puts every list back and refetches nothing', async () => {
    const before = { all: listOf(store, ALL), favourites: listOf(store, FAVOURITES), stats: statsOf(store) };
    vault.fail.set('PATCH /passwords/:id/favorite', { status: 500, message: 'Database down' });

    const toggle = store.dispatch(vaultApi.endpoints.toggleFavorite.initiate('bank', { track: false }));
    expect(listOf(store, FAVOURITES)).toEqual([]);
    await expect(toggle.unwrap()).rejects.toEqual({ status: 500, message: 'Database down' });

    expect(listOf(store, ALL)).toEqual(before.all);
    expect(listOf(store, FAVOURITES)).toEqual(before.favourites);
    expect(statsOf(store)).toEqual(before.stats);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vault.count('GET /passwords')).toBe(2);
    expect(vault.count('GET /passwords/stats')).toBe(1);
  });

  it('create refetches the lists and the stats', async () => {
    await store
      .dispatch(
        vaultApi.endpoints.createPassword.initiate(
          { title: 'Mail', email: 'me@example.com', password: 'Xx1!xxxx', masterPassword: 'Master#Pass1' },
          { track: false },
        ),
      )
      .unwrap();
    await waitFor(() => expect(listOf(store, ALL)?.map((entry) => entry.title)).toContain('Mail'));
    await waitFor(() => expect(statsOf(store)?.total).toBe(3));
  });

  it('update and delete refetch the lists that hold the entry and the stats', async () => {
    await store
      .dispatch(
        vaultApi.endpoints.updatePassword.initiate(
          { id: 'gh', title: 'GitHub (work)', email: '', masterPassword: 'Master#Pass1' },
          { track: false },
        ),
      )
      .unwrap();
    await waitFor(() => expect(listOf(store, ALL)?.map((entry) => entry.title)).toContain('GitHub (work)'));

    await store
      .dispatch(
        vaultApi.endpoints.deletePassword.initiate(
          { id: 'bank', masterPassword: 'Master#Pass1' },
          { track: false },
        ),
      )
      .unwrap();
    await waitFor(() => expect(listOf(store, FAVOURITES)).toEqual([]));
    await waitFor(() => expect(statsOf(store)?.total).toBe(1));
  });

  it('a wrong master password changes nothing, refetches nothing and does not sign out', async () => {
    window.localStorage.setItem('token', 'session-token');
    await expect(
      store
        .dispatch(
          vaultApi.endpoints.deletePassword.initiate({ id: 'gh', masterPassword: 'nope' }, { track: false }),
        )
        .unwrap(),
    ).rejects.toEqual({ status: 401, message: 'Invalid master password', attemptsRemaining: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vault.count('GET /passwords')).toBe(2);
    expect(window.localStorage.getItem('token')).toBe('session-token');
    expect(vault.entries.map((entry) => entry._id)).toContain('gh');
  });

  it('keeps neither the master password nor a revealed secret in the store', async () => {
    const entry = await store
      .dispatch(
        vaultApi.endpoints.viewPassword.initiate(
          { id: 'gh', masterPassword: 'Master#Pass1' },
          { track: false },
        ),
      )
      .unwrap();
    expect(entry.password).toMatch(/^Secret-/);
    const state = JSON.stringify(store.getState());
    expect(state).not.toContain(entry.password);
    expect(state).not.toContain('Master#Pass1');
  });
});

describe('listParams', () => {
  it('sends only the filters that are set', () => {
    expect(listParams({})).toEqual({});
    expect(listParams({ search: '  ', category: undefined, favorite: false })).toEqual({});
    expect(listParams({ search: ' git ', category: 'work', favorite: true, limit: 5 })).toEqual({
      search: 'git',
      category: 'work',
      favorite: true,
      limit: 5,
    });
  });
});
