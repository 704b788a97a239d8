// Test helper (not used by the app): renders a screen the way main.tsx does, with the real store,
// theme, snackbars and a memory router, so tests exercise real providers and only mock `fetch`.
import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { setupStore, type AppStore, type RootState } from '../app/store';

function Where() {
  const location = useLocation();
  return (
    <>
      <p data-testid="location">{location.pathname}</p>
      <p data-testid="location-search">{location.search}</p>
    </>
  );
}

export interface RenderOptions {
  path?: string;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Extra routes, e.g. '/login' and '/passwords' as plain markers. */
  otherPaths?: string[];
  /** Router state of the first location, as another screen's navigate() would hand over. */
  locationState?: unknown;
  /** The first location's query string, e.g. '?health=weak'. */
  search?: string;
}

export function renderWithProviders(page: ReactElement, options: RenderOptions = {}) {
  const path = options.path ?? '/';
  const store = options.store ?? setupStore(options.preloadedState);
  const otherPaths = options.otherPaths ?? ['/login', '/passwords', '/dashboard'];
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...otherPaths.filter((other) => other !== path).map((other) => ({ path: other, element: <Where /> })),
    ],
    { initialEntries: [{ pathname: path, search: options.search, state: options.locationState }] },
  );
  const view = render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, store, router };
}
