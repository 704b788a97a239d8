// The MUI theme for each mode. Colours are picked for WCAG AA contrast on their backgrounds
// (text >= 4.5:1, including white/dark text on filled buttons and alerts) in both themes.
import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../features/theme';

const palettes = {
  light: {
    primary: { main: '#4338ca', light: '#6366f1', dark: '#3730a3', contrastText: '#ffffff' },
    secondary: { main: '#0f766e', contrastText: '#ffffff' },
    success: { main: '#15803d', contrastText: '#ffffff' },
    error: { main: '#b91c1c', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
    divider: 'rgba(15, 23, 42, 0.12)',
  },
  dark: {
    primary: { main: '#a5b4fc', light: '#c7d2fe', dark: '#818cf8', contrastText: '#0b1020' },
    secondary: { main: '#5eead4', contrastText: '#042f2e' },
    success: { main: '#4ade80', contrastText: '#052e16' },
    error: { main: '#f87171', contrastText: '#2a0505' },
    warning: { main: '#fbbf24', contrastText: '#2a1a00' },
    info: { main: '#7dd3fc', contrastText: '#082f49' },
    background: { default: '#0b1120', paper: '#131b2e' },
    text: { primary: '#e2e8f0', secondary: '#a3b1c6' },
    divider: 'rgba(226, 232, 240, 0.14)',
  },
} as const;

export function createAppTheme(mode: ThemeMode): Theme {
  const palette = palettes[mode];
  return createTheme({
    palette: { mode, contrastThreshold: 4.5, ...palette },
    shape: { borderRadius: 10 },
    // Honour the operating system's "reduce motion" setting in every MUI transition.
    motion: { reducedMotion: 'system' },
    focusVisible: { outlineColor: palette.primary.main, outlineWidth: 2, outlineOffset: 2 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 16 } },
      },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      // Placeholders carry hints (the search box has no other visible label): secondary text at full
      // opacity reaches AA, where MUI's default (primary text at 42 % opacity) does not.
      MuiInputBase: {
        styleOverrides: { input: { '&::placeholder': { color: palette.text.secondary, opacity: 1 } } },
      },
      // Links inside text are underlined, not told apart by colour alone (WCAG 1.4.1).
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { textUnderlineOffset: '0.2em' } },
      },
    },
  });
}
