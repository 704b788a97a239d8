// Test helper (not used by the app): the Passwords page's own composition (the master-password prompt,
// the page's store of revealed secrets, the list with the page's filters, the real cards, the entry editor
// and the cards' actions) with the entry detail panel mounted, and a "Show details for <title>" button
// beside each card, where the card redesign puts the trigger. Every flow behind the panel is the real one;
// only the page's layout is left out, so the panel can be tested before the page mounts it.
import userEvent from '@testing-library/user-event';
import { useAppSelector } from '../app/hooks';
import { MasterPasswordPromptProvider } from '../features/masterPassword';
import { useEntryDetails } from '../features/vault/details/useEntryDetails';
import { usePasswordEditor } from '../features/vault/entryForm/usePasswordEditor';
import { PasswordCard } from '../features/vault/PasswordCard';
import { RevealedSecretsProvider } from '../features/vault/revealedSecrets';
import { usePasswordWindows } from '../features/vault/usePasswordWindows';
import { useVaultActions } from '../features/vault/useVaultActions';
import { selectListQuery } from '../features/vault/vaultSlice';
import { renderWithProviders, type RenderOptions } from './renderWithProviders';

function PasswordsView() {
  const filters = useAppSelector(selectListQuery);
  const list = usePasswordWindows(filters);
  const editor = usePasswordEditor();
  const { actions, dialogs } = useVaultActions(editor.openEdit);
  const { openDetails, panel } = useEntryDetails(actions);
  return (
    <main>
      {list.entries.map((entry) => (
        <div key={entry._id}>
          <button
            type="button"
            aria-label={`Show details for ${entry.title}`}
            onClick={() => openDetails(entry)}
          >
            {entry.title}
          </button>
          <PasswordCard entry={entry} actions={actions} />
        </div>
      ))}
      {editor.dialog}
      {dialogs}
      {panel}
    </main>
  );
}

export function PasswordsWithDetails() {
  return (
    <MasterPasswordPromptProvider>
      <RevealedSecretsProvider>
        <PasswordsView />
      </RevealedSecretsProvider>
    </MasterPasswordPromptProvider>
  );
}

/** Renders it at /passwords with the real store, router, theme and snackbars. */
export function renderPasswordsWithDetails(
  options: RenderOptions & { userOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const user = userEvent.setup(options.userOptions);
  const view = renderWithProviders(<PasswordsWithDetails />, { path: '/passwords', ...options });
  return { user, ...view };
}
