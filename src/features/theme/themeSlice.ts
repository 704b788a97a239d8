import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../common/constants';

export type ThemeMode = 'light' | 'dark';

export interface ThemeState {
  mode: ThemeMode;
  /** The user picked the mode (or a saved choice exists): the system preference no longer applies. */
  chosen: boolean;
}

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function readSavedMode(): ThemeMode | null {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEYS.theme);
    return saved === 'dark' || saved === 'light' ? saved : null;
  } catch {
    return null;
  }
}

export function systemMode(): ThemeMode {
  const prefersDark = typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
  return prefersDark ? 'dark' : 'light';
}

/** SPEC section 4: the saved preference, else the system's dark preference. */
export function readInitialTheme(): ThemeState {
  const saved = readSavedMode();
  return saved ? { mode: saved, chosen: true } : { mode: systemMode(), chosen: false };
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: readInitialTheme,
  reducers: {
    themeToggled(state) {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
      state.chosen = true;
    },
    themeSet(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
      state.chosen = true;
    },
    /** The system preference changed; it only applies until the user has picked a mode. */
    systemThemeChanged(state, action: PayloadAction<ThemeMode>) {
      if (!state.chosen) state.mode = action.payload;
    },
  },
});

export const { themeToggled, themeSet, systemThemeChanged } = themeSlice.actions;
export const selectThemeMode = (state: { theme: ThemeState }): ThemeMode => state.theme.mode;
