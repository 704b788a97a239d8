import type { ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { Provider } from 'react-redux';
import { SnackbarProvider } from 'notistack';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../common/constants';
import { Toast } from '../shared/ui/Toast';
import { AppTheme } from './AppTheme';
import { emotionCache } from './styleCache';
import type { AppStore } from './store';

const toastComponents = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/** Store, styles (with the CSP nonce), theme and toasts (SPEC section 2: top right, 4 seconds, at most 20, hovering pauses). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <CacheProvider value={emotionCache}>
        <AppTheme>
          <SnackbarProvider
            maxSnack={TOAST_LIMIT}
            autoHideDuration={TOAST_DURATION_MS}
            anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
            Components={toastComponents}
          >
            {children}
          </SnackbarProvider>
        </AppTheme>
      </CacheProvider>
    </Provider>
  );
}
