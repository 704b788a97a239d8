// The narrow window's signed-in menu is a chunk of its own; offline before it was ever fetched (or
// replaced by a newer build), opening the menu says so and the page stays, instead of the route's error
// view replacing it.
import { screen, within } from '@testing-library/react';
import { UNREACHABLE } from '../../shared/api/errorText';
import { setViewportWidth } from '../../test/media';
import { renderApp, TEST_USER } from '../../test/renderApp';

/** While true, fetching the menu's module fails as a dynamic import does offline. */
let mockMenuCodeOffline = true;
jest.mock('./SignedInMenu', () => {
  if (mockMenuCodeOffline) throw new TypeError('Failed to fetch dynamically imported module');
  return jest.requireActual<typeof import('./SignedInMenu')>('./SignedInMenu');
});

beforeEach(() => setViewportWidth(375));

test('the menu whose code cannot be fetched: a toast says why, the page stays, the next press opens it', async () => {
  const { user } = renderApp('/settings', { session: 'signedIn' });
  const toggle = await screen.findByRole('button', { name: 'Open menu' });
  await user.click(toggle);

  expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  expect(screen.getByRole('main')).toBeInTheDocument();

  mockMenuCodeOffline = false;
  await user.click(toggle);
  const menu = await screen.findByRole('navigation', { name: 'Mobile' });
  expect(within(menu).getByText(TEST_USER.email)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});
