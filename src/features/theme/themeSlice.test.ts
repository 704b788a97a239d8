import { setupStore } from '../../app/store';
import { setMediaPreferences } from '../../test/media';
import { applyThemeToDocument } from './themePersistence';
import { readInitialTheme, systemThemeChanged, themeSet, themeSlice, themeToggled } from './themeSlice';

const reducer = themeSlice.reducer;

describe('initial theme (SPEC section 4)', () => {
  test('the saved preference wins', () => {
    window.localStorage.setItem('theme', 'dark');
    expect(readInitialTheme()).toEqual({ mode: 'dark', chosen: true });
    setMediaPreferences({ colorScheme: 'dark' });
    window.localStorage.setItem('theme', 'light');
    expect(readInitialTheme()).toEqual({ mode: 'light', chosen: true });
  });

  test('else the system dark preference', () => {
    expect(readInitialTheme()).toEqual({ mode: 'light', chosen: false });
    setMediaPreferences({ colorScheme: 'dark' });
    expect(readInitialTheme()).toEqual({ mode: 'dark', chosen: false });
  });

  test('an unknown saved value is ignored', () => {
    window.localStorage.setItem('theme', 'purple');
    setMediaPreferences({ colorScheme: 'dark' });
    expect(reducer(undefined, { type: '@@init' })).toEqual({ mode: 'dark', chosen: false });
  });
});

describe('theme reducer', () => {
  test('toggles and sets, which counts as the user choosing', () => {
    const light = { mode: 'light' as const, chosen: false };
    expect(reducer(light, themeToggled())).toEqual({ mode: 'dark', chosen: true });
    expect(reducer({ mode: 'dark', chosen: true }, themeToggled())).toEqual({ mode: 'light', chosen: true });
    expect(reducer(light, themeSet('dark'))).toEqual({ mode: 'dark', chosen: true });
  });

  test('the system preference applies only until the user picks', () => {
    expect(reducer({ mode: 'light', chosen: false }, systemThemeChanged('dark'))).toEqual({
      mode: 'dark',
      chosen: false,
    });
    expect(reducer({ mode: 'light', chosen: true }, systemThemeChanged('dark'))).toEqual({
      mode: 'light',
      chosen: true,
    });
  });
});

test('every change the user makes is saved under the key "theme"', () => {
  const store = setupStore();
  store.dispatch(themeToggled());
  expect(window.localStorage.getItem('theme')).toBe('dark');
  store.dispatch(themeToggled());
  expect(window.localStorage.getItem('theme')).toBe('light');
  store.dispatch(themeSet('dark'));
  expect(window.localStorage.getItem('theme')).toBe('dark');
});

test('a system change is not saved (the system keeps deciding)', () => {
  const store = setupStore();
  store.dispatch(systemThemeChanged('dark'));
  expect(store.getState().theme.mode).toBe('dark');
  expect(window.localStorage.getItem('theme')).toBeNull();
});

test('the mode is reflected on the whole document', () => {
  applyThemeToDocument('dark');
  const root = document.documentElement;
  expect(root).toHaveClass('dark');
  expect(root.dataset.theme).toBe('dark');
  expect(root.style.colorScheme).toBe('dark');
  applyThemeToDocument('light');
  expect(root).not.toHaveClass('dark');
  expect(root).toHaveClass('light');
  expect(root.dataset.theme).toBe('light');
});
