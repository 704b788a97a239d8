// The whole app, with only `fetch` mocked: a change made on another device shows on the Passwords page
// when the person comes back to the tab, without a reload; a glance away asks for nothing.
import { act, screen, waitFor } from '@testing-library/react';
import { installFakeVault, makeEntry } from '../test/fakeVaultServer';
import { setViewportWidth } from '../test/media';
import { controlPageState, hidePage, showPage } from '../test/pageState';
import { renderApp } from '../test/renderApp';
import { AWAY_BEFORE_REFRESH_MS } from '../shared/api/refreshOnReturn';

controlPageState();
afterAll(() => jest.restoreAllMocks());

/** The tab is hidden for `ms` (another app, another device), then shown again. */
function awayFor(ms: number) {
  const now = Date.now();
  act(() => hidePage());
  jest.spyOn(Date, 'now').mockReturnValue(now + ms);
  act(() => showPage());
  jest.spyOn(Date, 'now').mockRestore();
}

test('an entry added on another device shows when the person comes back to the tab', async () => {
  setViewportWidth(1280);
  const vault = installFakeVault([makeEntry({ title: 'Forge' })]);
  renderApp('/passwords', { session: 'signedIn' });
  expect(await screen.findByRole('article', { name: 'Forge' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('1 password');
  const lists = vault.count('GET /passwords');

  // The phone saves an entry; a glance at DevTools here asks for nothing.
  vault.entries.unshift(makeEntry({ title: 'Harbour' }));
  awayFor(AWAY_BEFORE_REFRESH_MS - 1000);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(vault.count('GET /passwords')).toBe(lists);
  expect(screen.queryByRole('article', { name: 'Harbour' })).not.toBeInTheDocument();

  awayFor(10 * 60_000);
  expect(await screen.findByRole('article', { name: 'Harbour' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 passwords'));
  expect(screen.getByRole('article', { name: 'Forge' })).toBeInTheDocument();
});
