import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { mockApi } from '../../test/mockApi';
import { baseApi, trashChanged, vaultChanged } from './baseApi';
import { announceUnlockWindowEnded, followOtherTabs, staleTagsOf } from './otherTabs';

// jsdom has no BroadcastChannel; Node's delivers between channels of one name in one process, as a
// browser does between tabs.
const hadChannel = 'BroadcastChannel' in globalThis;
beforeAll(() => Object.assign(globalThis, { BroadcastChannel: NodeBroadcastChannel }));
afterAll(() => {
  if (!hadChannel) delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
});

const CHANNEL = 'passvault:/api';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveEntry: build.mutation<unknown, { password: string }>({
      query: (body) => ({ url: '/probe-save', method: 'POST', body }),
      invalidatesTags: vaultChanged,
    }),
    trashEntry: build.mutation<unknown, void>({
      query: () => ({ url: '/probe-trash', method: 'DELETE' }),
      invalidatesTags: trashChanged,
    }),
    stats: build.query<unknown, void>({ query: () => '/probe-stats', providesTags: ['Stats'] }),
  }),
});

/** One tab: its own store, following the channel as the app does at its start. */
function openTab() {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const close = followOtherTabs('/api', store.dispatch, (tags) => baseApi.util.invalidateTags(tags));
  return { store, close };
}

/** Another tab, as the channel sees it: what it is told, and what it tells. */
function otherTab() {
  const heard: unknown[] = [];
  const channel = new NodeBroadcastChannel(CHANNEL);
  channel.onmessage = (event) => heard.push((event as { data: unknown }).data);
  return { heard, channel };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test('a change made here is told to the other tabs, by cache tags alone; a failed one is not', async () => {
  mockApi({
    'POST /probe-save': { status: 201, body: { data: {} } },
    'DELETE /probe-trash': { status: 500, body: { message: 'Server error' } },
  });
  const tab = openTab();
  const other = otherTab();
  try {
    await tab.store.dispatch(probeApi.endpoints.saveEntry.initiate({ password: 'Tr0ub4dor&3' }));
    await waitFor(() =>
      expect(other.heard).toEqual([
        { stale: [{ type: 'Password', id: 'LIST' }, 'Stats', 'Health', 'Settings'] },
      ]),
    );
    expect(JSON.stringify(other.heard)).not.toContain('Tr0ub4dor');

    await tab.store.dispatch(probeApi.endpoints.trashEntry.initiate());
    await settle();
    expect(other.heard).toHaveLength(1);
  } finally {
    tab.close();
    other.channel.close();
  }
});

test("another tab's change refetches what it made stale here", async () => {
  const { calls } = mockApi({ 'GET /probe-stats': { status: 200, body: { total: 1 } } });
  const tab = openTab();
  const other = otherTab();
  const subscription = tab.store.dispatch(probeApi.endpoints.stats.initiate());
  try {
    await subscription;
    expect(calls).toHaveLength(1);
    other.channel.postMessage({ stale: ['Stats'] });
    await waitFor(() => expect(calls).toHaveLength(2));

    // Tags this tab does not show, and messages that are not the app's, change nothing.
    other.channel.postMessage({ stale: ['Trash'] });
    other.channel.postMessage({ stale: [{ type: 'Nope', id: 'x' }] });
    other.channel.postMessage('Stats');
    await settle();
    expect(calls).toHaveLength(2);
  } finally {
    subscription.unsubscribe();
    tab.store.dispatch(baseApi.util.resetApiState());
    tab.close();
    other.channel.close();
  }
});

test('only well-formed messages name tags', () => {
  expect(staleTagsOf({ stale: ['Stats', { type: 'Password', id: 'LIST' }] })).toEqual([
    'Stats',
    { type: 'Password', id: 'LIST' },
  ]);
  expect(staleTagsOf({ stale: [] })).toBeNull();
  expect(staleTagsOf({ stale: ['Stats', 'token'] })).toBeNull();
  expect(staleTagsOf({ stale: [{ type: 'Password', id: 7 }] })).toBeNull();
  expect(staleTagsOf(null)).toBeNull();
  expect(staleTagsOf({ stale: 'Stats' })).toBeNull();
});

test("the end of the session's unlock window is told to the other tabs, and heard from them", async () => {
  const ended: string[] = [];
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const close = followOtherTabs(
    '/api',
    store.dispatch,
    (tags) => baseApi.util.invalidateTags(tags),
    () => ended.push('ended'),
  );
  const other = otherTab();
  try {
    announceUnlockWindowEnded();
    await waitFor(() => expect(other.heard).toEqual([{ unlockWindowEnded: true }]));
    other.channel.postMessage({ unlockWindowEnded: true });
    await waitFor(() => expect(ended).toEqual(['ended']));
    // Anything else ends nothing.
    other.channel.postMessage({ unlockWindowEnded: 'yes' });
    other.channel.postMessage({ stale: ['Stats'] });
    await settle();
    expect(ended).toEqual(['ended']);
  } finally {
    close();
    other.channel.close();
  }
});
