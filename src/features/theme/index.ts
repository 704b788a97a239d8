// The theme feature: the light/dark mode (saved, or the system's), its toggle and its slice.
export { ThemeToggle } from './ThemeToggle';
export {
  DARK_SCHEME_QUERY,
  selectThemeMode,
  systemThemeChanged,
  themeSlice,
  type ThemeMode,
} from './themeSlice';
export { applyThemeToDocument, themePersistence } from './themePersistence';
