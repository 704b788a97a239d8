import type { ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { Provider } from 'react-redux';
import { SnackbarProvider } from 'notistack';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../common/constants';
import { Toast } from '../shared/ui/Toast';
import { TOAST_CONTAINER_CLASS, TOAST_ROOT_ID } from '../shared/ui/ToastPlacement';
import { AppTheme } from './AppTheme';
import { emotionCache } from './styleCache';
import type { AppStore } from './store';

const toastComponents = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

const toastClasses = { containerRoot: TOAST_CONTAINER_CLASS };

/**
 * Store, styles (with the CSP nonce), theme and toasts (SPEC section 2: top right, 4 seconds, at most 20,
 * hovering pauses). Where exactly they sit, below the top bar and clear of open dialogs, and at the foot
 * of a phone's screen, is ToastPlacement's (mounted with the top bar).
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <CacheProvider value={emotionCache}>
        <AppTheme>
          <SnackbarProvider
            maxSnack={TOAST_LIMIT}
            autoHideDuration={TOAST_DURATION_MS}
            anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
            classes={toastClasses}
            // Outside the app's root (index.html), where an open dialog does not hide them (ToastPlacement).
            domRoot={document.getElementById(TOAST_ROOT_ID) ?? undefined}
            Components={toastComponents}
          >
            {children}
          </SnackbarProvider>
        </AppTheme>
      </CacheProvider>
    </Provider>
  );
}
