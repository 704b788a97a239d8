import IconButton from '@mui/material/IconButton';
import DarkMode from '@mui/icons-material/DarkModeOutlined';
import LightMode from '@mui/icons-material/LightModeOutlined';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectThemeMode, themeToggled } from './themeSlice';

/** Switches between the light and dark theme; its name says which one it switches to. */
export function ThemeToggle() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectThemeMode);
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => dispatch(themeToggled())}>
      {mode === 'dark' ? <LightMode /> : <DarkMode />}
    </IconButton>
  );
}
