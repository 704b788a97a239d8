import { configureStore } from '@reduxjs/toolkit';
import { act, waitFor } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { controlPageState, goOffline, goOnline, hidePage, showPage } from '../../test/pageState';
import { baseApi } from './baseApi';
import { AWAY_BEFORE_REFRESH_MS, refreshOnReturn } from './refreshOnReturn';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    stats: build.query<{ total: number }, void>({ query: () => '/probe-stats', providesTags: ['Stats'] }),
  }),
});

controlPageState();

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

/** A signed-in tab: the app's store, listening, with one answer on screen; a clock the test moves. */
async function openTab() {
  let total = 1;
  const api = mockApi({ 'GET /probe-stats': () => ({ body: { total } }) });
  const clock = { now: 1_000_000 };
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const stop = refreshOnReturn(store.dispatch, () => clock.now);
  const onScreen = store.dispatch(probeApi.endpoints.stats.initiate());
  await onScreen;
  const shown = () => probeApi.endpoints.stats.select()(store.getState()).data?.total;
  return {
    calls: api.calls,
    clock,
    shown,
    /** Another device adds an entry. */
    changeElsewhere: () => (total += 1),
    close() {
      onScreen.unsubscribe();
      store.dispatch(baseApi.util.resetApiState());
      stop();
    },
  };
}

function hide(clock: { now: number }, forMs: number) {
  hidePage();
  clock.now += forMs;
}

test('coming back to the tab after a while shows what another device changed meanwhile, in one request', async () => {
  const tab = await openTab();
  try {
    tab.changeElsewhere();
    hide(tab.clock, AWAY_BEFORE_REFRESH_MS + 60_000);
    showPage();
    await waitFor(() => expect(tab.shown()).toBe(2));
    await settle();
    // Both 'visibilitychange' and 'focus' came: one refetch.
    expect(tab.calls).toHaveLength(2);
  } finally {
    tab.close();
  }
});

test('a glance away (DevTools, the address bar) asks for nothing', async () => {
  const tab = await openTab();
  try {
    window.dispatchEvent(new Event('blur'));
    tab.clock.now += AWAY_BEFORE_REFRESH_MS - 1;
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(tab.calls).toHaveLength(1);

    // Away long enough, by focus alone (another window over this one): it refetches.
    window.dispatchEvent(new Event('blur'));
    tab.clock.now += AWAY_BEFORE_REFRESH_MS;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(tab.calls).toHaveLength(2));
  } finally {
    tab.close();
  }
});

test('offline, coming back keeps what is shown; the network coming back refetches it', async () => {
  const tab = await openTab();
  try {
    tab.changeElsewhere();
    goOffline();
    hide(tab.clock, 60_000);
    showPage();
    await settle();
    expect(tab.calls).toHaveLength(1);
    expect(tab.shown()).toBe(1);

    goOnline();
    await waitFor(() => expect(tab.shown()).toBe(2));
    expect(tab.calls).toHaveLength(2);
  } finally {
    tab.close();
  }
});

test('a stopped listener asks for nothing', async () => {
  const tab = await openTab();
  tab.close();
  hide(tab.clock, 60_000);
  showPage();
  goOnline();
  await settle();
  expect(tab.calls).toHaveLength(1);
});
