import { act, screen } from '@testing-library/react';
import { setMediaPreferences } from '../../test/media';
import { renderApp } from '../../test/renderApp';

test('the toggle names the theme it switches to, and the whole document follows', async () => {
  const { user, store } = renderApp('/');
  const toLight = () => screen.getByRole('button', { name: 'Switch to light theme' });
  await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
  expect(store.getState().theme.mode).toBe('dark');
  expect(document.documentElement.dataset.theme).toBe('dark');
  expect(window.localStorage.getItem('theme')).toBe('dark');
  await user.click(toLight());
  expect(document.documentElement.dataset.theme).toBe('light');
  expect(window.localStorage.getItem('theme')).toBe('light');
});

test('the system colour scheme is followed until the user picks', async () => {
  const { user, store } = renderApp('/');
  await screen.findByRole('button', { name: 'Switch to dark theme' });
  act(() => setMediaPreferences({ colorScheme: 'dark' }));
  expect(store.getState().theme.mode).toBe('dark');
  expect(document.documentElement.dataset.theme).toBe('dark');
  await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  act(() => setMediaPreferences({ colorScheme: 'light' }));
  act(() => setMediaPreferences({ colorScheme: 'dark' }));
  expect(store.getState().theme.mode).toBe('light');
});
