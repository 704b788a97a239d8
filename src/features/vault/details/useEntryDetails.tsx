// The entry detail panel of the Passwords page: what a person expects of an item view in Bitwarden or
// 1Password. What the list carries shows at once; the password, notes, one-time code and hidden fields
// after the master password, through the page's one reveal (the SecretStore), so the panel and the
// entry's card are revealed and hidden together. Closing the panel hides nothing; leaving the page does.
//
// How the page uses it (inside MasterPasswordPromptProvider and RevealedSecretsProvider, as PasswordsView):
//
//   const editor = usePasswordEditor();
//   const { actions, dialogs } = useVaultActions(editor.openEdit);
//   const { openDetails, panel } = useEntryDetails(actions);
//   ...a card's title or a compact row: <button aria-label={`Show details for ${entry.title}`}
//                                              onClick={() => openDetails(entry)}>
//   ...then, beside the page's dialogs: {editor.dialog}{dialogs}{panel}
import { lazy, Suspense, useCallback, useState, type ReactElement } from 'react';
import type { PasswordEntry } from '../../../common/wire';
import type { CardActions } from '../useVaultActions';
import { useCodeBeforeOpening } from '../../../shared/ui/lazyOnFirstUse';

const loadPanel = () => import('./EntryDetailsPanel');
const EntryDetailsPanel = lazy(loadPanel);

export interface EntryDetails {
  /** Opens the panel on this entry. Stable across renders, so memoised cards stay memoised. */
  openDetails: (entry: PasswordEntry) => Promise<void>;
  /** The panel: mount it once in the page. Nothing is rendered until an entry is opened. */
  panel: ReactElement;
}

interface PanelState {
  entry: PasswordEntry | null;
  open: boolean;
  /** A fresh panel for every opening. */
  generation: number;
}

/**
 * The detail panel and the way to open it. `actions` are the page's own (useVaultActions): the panel's
 * reveal, copies, favourite, Edit and Delete are the cards' very flows (master password, unlock window,
 * confirmation, toasts), not copies of them.
 */
export function useEntryDetails(actions: CardActions): EntryDetails {
  const [state, setState] = useState<PanelState>({ entry: null, open: false, generation: 0 });

  const panelCodeReady = useCodeBeforeOpening(loadPanel);
  const openDetails = useCallback(
    async (entry: PasswordEntry) => {
      if (!(await panelCodeReady())) return;
      setState((current) => ({ entry, open: true, generation: current.generation + 1 }));
    },
    [panelCodeReady],
  );
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  // Once it has slid away, the panel forgets the entry (unless another was opened meanwhile).
  const forget = useCallback(
    () => setState((current) => (current.open ? current : { ...current, entry: null })),
    [],
  );

  const panel = (
    <Suspense fallback={null}>
      {state.entry && (
        <EntryDetailsPanel
          key={state.generation}
          entry={state.entry}
          open={state.open}
          actions={actions}
          onClose={close}
          onExited={forget}
        />
      )}
    </Suspense>
  );
  return { openDetails, panel };
}
