// SPEC section 4: the theme is saved at every change the user makes, under the storage key `theme`.
import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../common/constants';
import { themeSet, themeToggled, type ThemeState } from './themeSlice';

export const themePersistence = createListenerMiddleware();

themePersistence.startListening({
  matcher: isAnyOf(themeToggled, themeSet),
  effect: (_action, api) => {
    const { mode } = (api.getState() as { theme: ThemeState }).theme;
    try {
      window.localStorage.setItem(STORAGE_KEYS.theme, mode);
    } catch {
      // Storage can be full or disabled (private mode): the choice still holds for this visit.
    }
  },
});

/** Reflects the mode on the whole document: class, data attribute and the native colour scheme. */
export function applyThemeToDocument(mode: ThemeState['mode']): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
}
