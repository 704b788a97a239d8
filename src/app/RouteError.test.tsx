import { screen } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { describeRouteError, isCodeNotLoaded } from './RouteError';

// A page that fails while rendering: the route's error element takes its place.
jest.mock('../features/settings/SettingsPage', () => ({
  __esModule: true,
  default: function BrokenPage(): never {
    throw new Error('Settings exploded');
  },
}));

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test("a failing screen shows 'Unexpected Application Error!' and keeps the layout around it", async () => {
  renderApp('/settings', { session: 'signedIn' });
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('Settings exploded')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
  expect(screen.getByRole('banner')).toBeInTheDocument();
});

test("a page whose code could not be downloaded (offline) says PassVault can't be reached, never the browser's words", () => {
  const offline = new TypeError(
    'Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/SettingsRoute-DosgF7VF.js',
  );
  expect(isCodeNotLoaded(offline)).toBe(true);
  expect(describeRouteError(offline)).toBe("Can't reach PassVault. Check your connection and try again.");
  // Firefox and Safari say it their way.
  expect(isCodeNotLoaded(new TypeError('error loading dynamically imported module'))).toBe(true);
  expect(isCodeNotLoaded(new TypeError('Importing a module script failed.'))).toBe(true);
  // Vite's own, when the page's stylesheet is what could not be fetched.
  const stylesheet = new Error(
    'Unable to preload CSS for http://127.0.0.1:3000/assets/PasswordsPage-SHV5_7DN.css',
  );
  expect(isCodeNotLoaded(stylesheet)).toBe(true);
  expect(describeRouteError(stylesheet)).toBe("Can't reach PassVault. Check your connection and try again.");
  // Any other failure keeps its own words.
  expect(isCodeNotLoaded(new Error('Settings exploded'))).toBe(false);
  expect(describeRouteError(new Error('Settings exploded'))).toBe('Settings exploded');
});
