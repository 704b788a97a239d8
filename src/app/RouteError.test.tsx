import { screen } from '@testing-library/react';
import { renderApp } from '../test/renderApp';

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
