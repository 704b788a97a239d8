import { mockApi } from '../test/mockApi';
import { DATA_WAIT_MS, prefetchSignedInPage } from './prefetchSignedIn';
import { setupStore } from './store';

const emptyWindow = { success: true, data: { passwords: [], nextCursor: null, total: 0 } };

/** A list request that answers when the test says so. */
function slowList() {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const api = mockApi({
    'GET /user/preferences': { body: { success: true, preferences: {} } },
    'GET /passwords': async () => {
      await answered;
      return { body: emptyWindow };
    },
    'GET /passwords/trash': { body: { success: true, data: { passwords: [] } } },
  });
  return { api, answer };
}

it("answers once the page's first data is in the cache", async () => {
  const { api, answer } = slowList();
  const store = setupStore();
  let done = false;
  const prefetched = prefetchSignedInPage(store, '/vault/passwords').then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(done).toBe(false);
  expect(api.calls.map((call) => call.path)).toContain('/passwords');
  answer();
  await prefetched;
  const fulfilled = Object.values(store.getState().api.queries).filter(
    (query) => query?.endpointName === 'getPasswordWindow' && query.status === 'fulfilled',
  );
  expect(fulfilled).toHaveLength(1);
});

it('waits for data that does not come no longer than DATA_WAIT_MS once the code is here', async () => {
  slowList();
  const started = Date.now();
  await prefetchSignedInPage(setupStore(), '/passwords');
  expect(Date.now() - started).toBeGreaterThanOrEqual(DATA_WAIT_MS);
});

it('answers at once for an address that is not a signed-in page', async () => {
  mockApi({});
  await expect(prefetchSignedInPage(setupStore(), '/login')).resolves.toBeUndefined();
});
