import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../shared/api/baseApi';
import { authSlice } from '../features/auth';
import { masterPasswordSlice } from '../features/masterPassword';
import { themePersistence } from '../features/theme';
import { themeSlice } from '../features/theme';
import { vaultSlice } from '../features/vault';
import { redactSecrets } from './devToolsSanitizer';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [authSlice.name]: authSlice.reducer,
  [themeSlice.name]: themeSlice.reducer,
  [vaultSlice.name]: vaultSlice.reducer,
  [masterPasswordSlice.name]: masterPasswordSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A new store: one per app start and one per test. */
export function setupStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(themePersistence.middleware).concat(baseApi.middleware),
    // RTK Query's answers reach the screens at the end of the task, not at the next animation frame
    // (RTK's default): a search's list was painted up to a frame later than it could be.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
    // DevTools sees every action and state only through the sanitizers: no password, OTP or token.
    devTools: {
      name: 'PassVault',
      actionSanitizer: (action) => redactSecrets(action),
      stateSanitizer: (state) => redactSecrets(state),
    },
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
