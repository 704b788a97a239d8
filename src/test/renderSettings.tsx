// Test helper (not used by the app): the Settings page with the real store, providers and router,
// signed in, at /settings?tab=..., with only `fetch` mocked (see fakeAccountServer).
import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { baseApi } from '../shared/api/baseApi';
import { setupStore, type AppStore } from '../app/store';
import { renderWithProviders } from './renderWithProviders';
import { sessionState } from './renderApp';
import SettingsPage from '../features/settings/SettingsPage';
import type { SettingsTabId } from '../features/settings/settingsTabs';

const stores: AppStore[] = [];
afterEach(() => {
  stores.splice(0).forEach((store) => store.dispatch(baseApi.util.resetApiState()));
});

export function signedInStore(): AppStore {
  const store = setupStore(sessionState('signedIn'));
  stores.push(store);
  return store;
}

export interface RenderSettingsOptions {
  tab?: SettingsTabId;
  dataTools?: ReactNode;
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

export async function renderSettings(options: RenderSettingsOptions = {}) {
  const user = userEvent.setup(options.userOptions);
  const view = renderWithProviders(<SettingsPage dataTools={options.dataTools} />, {
    path: '/settings',
    store: signedInStore(),
    otherPaths: ['/', '/login', '/dashboard'],
  });
  if (options.tab) await act(() => view.router.navigate(`/settings?tab=${options.tab}`));
  return { user, ...view };
}
