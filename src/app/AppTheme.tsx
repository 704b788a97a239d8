import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { applyThemeToDocument } from '../features/theme';
import { DARK_SCHEME_QUERY, selectThemeMode, systemThemeChanged } from '../features/theme';
import { useAppDispatch, useAppSelector } from './hooks';
import { createAppTheme } from './theme';

const globalStyles = {
  'html, body, #root': { minHeight: '100%' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};

/** The MUI theme of the current mode, reflected on the whole document; follows the system until the user picks. */
export function AppTheme({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectThemeMode);
  const systemPrefersDark = useMediaQuery(DARK_SCHEME_QUERY, { noSsr: true });
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  useEffect(() => {
    dispatch(systemThemeChanged(systemPrefersDark ? 'dark' : 'light'));
  }, [dispatch, systemPrefersDark]);

  useEffect(() => applyThemeToDocument(mode), [mode]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <GlobalStyles styles={globalStyles} />
      {children}
    </ThemeProvider>
  );
}
