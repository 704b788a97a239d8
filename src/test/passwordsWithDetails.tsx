// Test helper: the Passwords page itself at /passwords (its master-password prompt, store of revealed
// secrets, list, editor, card actions and entry detail panel), with the real store, router, theme and
// snackbars; the tests mock `fetch` alone.
import userEvent from '@testing-library/user-event';
import PasswordsPage from '../features/vault/PasswordsPage';
import { renderWithProviders, type RenderOptions } from './renderWithProviders';

export function renderPasswordsWithDetails(
  options: RenderOptions & { userOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const user = userEvent.setup(options.userOptions);
  const view = renderWithProviders(<PasswordsPage />, { path: '/passwords', ...options });
  return { user, ...view };
}
