import { waitFor } from '@testing-library/react';
import { setupStore, type AppStore } from '../../app/store';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import type { PasswordListPage } from '../../common/wire';
import { vaultApi, type PasswordListFilters } from './vaultApi';
import { prefetchPasswordsPage } from './prefetch';
import { favoritesOnlyChanged } from './vaultSlice';

/** Saves a new entry, "Mail": the newest, so the first of the list. */
const createMail = (store: AppStore) =>
  store
    .dispatch(
      vaultApi.endpoints.createPassword.initiate(
        { title: 'Mail', email: 'me@example.com', password: 'Xx1!xxxx', masterPassword: 'Master#Pass1' },
        { track: false },
      ),
    )
    .unwrap();

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
    await createMail(store);
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

describe('vaultApi list windows', () => {
  const ENTRIES = 150;
  let vault: FakeVault;
  let store: AppStore;
  const subscriptions: { unsubscribe: () => void }[] = [];

  /** Subscribe to a list's first windows, as the page does for the ones it shows. */
  async function loadWindows(filters: PasswordListFilters, windows: number) {
    for (let index = 0; index < windows; index += 1) {
      const subscription = store.dispatch(vaultApi.endpoints.getPasswordWindow.initiate({ filters, index }));
      subscriptions.push(subscription);
      await subscription;
    }
  }
  /** The list's cached windows from the first, as far as they go. */
  const windowsOf = (filters: PasswordListFilters) => {
    const pages: PasswordListPage[] = [];
    for (let index = 0; ; index += 1) {
      const page = vaultApi.endpoints.getPasswordWindow.select({ filters, index })(store.getState()).data;
      if (!page) return pages.length > 0 ? pages : undefined;
      pages.push(page);
    }
  };
  const entryIn = (filters: PasswordListFilters, id: string) =>
    windowsOf(filters)
      ?.flatMap((page) => page.passwords)
      .find((entry) => entry._id === id);
  const listCalls = () => vault.calls.filter((call) => call.route === 'GET /passwords');

  beforeEach(() => {
    // Every tenth entry is a favourite; the newest (the first of the list) is w150.
    vault = installFakeVault(
      Array.from({ length: ENTRIES }, (_, index) =>
        makeEntry({ _id: `w${index + 1}`, isFavorite: (index + 1) % 10 === 0 }),
      ),
    );
    store = setupStore();
  });

  afterEach(() => subscriptions.splice(0).forEach((subscription) => subscription.unsubscribe()));

  it('asks for the first window with the filters, then the next one from the cursor the answer gave', async () => {
    await loadWindows({ category: 'other' }, 1);
    const [first] = listCalls();
    expect(Object.fromEntries(first.query)).toEqual({ category: 'other', limit: '100' });
    const pages = windowsOf({ category: 'other' });
    expect(pages).toHaveLength(1);
    expect(pages?.[0].total).toBe(ENTRIES);
    expect(pages?.[0].passwords).toHaveLength(100);
    expect(pages?.[0].passwords[0]._id).toBe('w150');
    expect(pages?.[0].nextCursor).toEqual(expect.any(String));

    await loadWindows({ category: 'other' }, 2);
    const second = listCalls()[1];
    expect(Object.fromEntries(second.query)).toEqual({
      category: 'other',
      limit: '100',
      cursor: pages?.[0].nextCursor,
    });
    const all = windowsOf({ category: 'other' });
    expect(all?.[1].passwords.map((entry) => entry._id)).toEqual(
      Array.from({ length: 50 }, (_, index) => `w${50 - index}`),
    );
    expect(all?.[1].nextCursor).toBeNull();
    // Windows already here are not asked for again.
    await loadWindows({ category: 'other' }, 2);
    expect(listCalls()).toHaveLength(2);
  });

  it('asks for a window by its place when the one before it is not here, and refetches windows by place', async () => {
    // A jump: the second window without the first.
    const jumped = store.dispatch(vaultApi.endpoints.getPasswordWindow.initiate({ filters: {}, index: 1 }));
    subscriptions.push(jumped);
    await jumped;
    expect(Object.fromEntries(listCalls()[0].query)).toEqual({ limit: '100', offset: '100' });
    expect(windowsOf({})).toBeUndefined();

    // Reading on from the first goes by its cursor; after a change, each window by its place.
    await loadWindows({}, 1);
    await createMail(store);
    await waitFor(() => expect(listCalls()).toHaveLength(4));
    const refetched = listCalls()
      .slice(2)
      .map((call) => Object.fromEntries(call.query));
    expect(refetched).toEqual(expect.arrayContaining([{ limit: '100' }, { limit: '100', offset: '100' }]));
    // The entry the new one pushed out of the first window opens the second: none is missed.
    await waitFor(() => expect(windowsOf({})?.[1].passwords[0]._id).toBe('w51'));
  });

  it('a favourite toggle shows at once in every window list, then refetches the windows in use', async () => {
    await loadWindows({}, 2);
    await loadWindows({ favorite: true }, 1);
    expect(listCalls()).toHaveLength(3);

    // w20 is in the second window of the whole list; a favourite, so in the favourites-only list too.
    const toggle = store.dispatch(vaultApi.endpoints.toggleFavorite.initiate('w20', { track: false }));
    expect(entryIn({}, 'w20')?.isFavorite).toBe(false);
    expect(entryIn({ favorite: true }, 'w20')).toBeUndefined();
    // Nothing else changes: the other entries, the windows' cursors and counts.
    expect(windowsOf({ favorite: true })?.[0].passwords).toHaveLength(14);
    expect(windowsOf({ favorite: true })?.[0].total).toBe(15);
    expect(entryIn({}, 'w30')?.isFavorite).toBe(true);

    await toggle.unwrap();
    // Two windows of the whole list, one of the favourites, each from its place again.
    await waitFor(() => expect(listCalls()).toHaveLength(6));
    await waitFor(() => expect(windowsOf({ favorite: true })?.[0].total).toBe(14));
    expect(windowsOf({})?.map((page) => page.passwords.length)).toEqual([100, 50]);
    expect(entryIn({}, 'w20')?.isFavorite).toBe(false);
  });

  it('a favourite added shows at once in the windows that hold the entry', async () => {
    await loadWindows({}, 2);
    const toggle = store.dispatch(vaultApi.endpoints.toggleFavorite.initiate('w21', { track: false }));
    expect(entryIn({}, 'w21')?.isFavorite).toBe(true);
    await toggle.unwrap();
  });

  it('a failed toggle puts every window back and refetches nothing', async () => {
    await loadWindows({}, 2);
    await loadWindows({ favorite: true }, 1);
    const before = { all: windowsOf({}), favourites: windowsOf({ favorite: true }) };
    vault.fail.set('PATCH /passwords/:id/favorite', { status: 500, message: 'Database down' });

    const toggle = store.dispatch(vaultApi.endpoints.toggleFavorite.initiate('w20', { track: false }));
    expect(entryIn({}, 'w20')?.isFavorite).toBe(false);
    expect(entryIn({ favorite: true }, 'w20')).toBeUndefined();
    await expect(toggle.unwrap()).rejects.toEqual({ status: 500, message: 'Database down' });

    expect(windowsOf({})).toEqual(before.all);
    expect(windowsOf({ favorite: true })).toEqual(before.favourites);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(3);
  });

  it('create refetches the windows in use, the new entry first', async () => {
    await loadWindows({}, 2);
    await createMail(store);
    await waitFor(() => expect(windowsOf({})?.[0].passwords[0].title).toBe('Mail'));
    expect(windowsOf({})?.[0].total).toBe(ENTRIES + 1);
    expect(windowsOf({})?.map((page) => page.passwords.length)).toEqual([100, 51]);
    expect(listCalls()).toHaveLength(4);
  });

  it('prefetching the page asks for the first window of its filters, once', async () => {
    store.dispatch(favoritesOnlyChanged(true));
    store.dispatch(prefetchPasswordsPage());
    store.dispatch(prefetchPasswordsPage());
    await waitFor(() => expect(windowsOf({ favorite: true })?.[0].passwords).toHaveLength(15));
    expect(listCalls()).toHaveLength(1);
    expect(Object.fromEntries(listCalls()[0].query)).toEqual({ favorite: 'true', limit: '100' });
  });
});
