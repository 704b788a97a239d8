// The entry detail panel (loaded with its first opening, so the Passwords page's first load stays as it
// was): a side sheet from 768 px, under the top bar; a full-screen dialog on a phone. Modal either way:
// the focus goes into it, Escape (or a click beside the sheet) closes it, and the focus goes back to what
// opened it.
import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '../../../common/constants';
import type { PasswordEntry } from '../../../common/wire';
import { useAppSelector } from '../../../app/hooks';
import type { CardActions } from '../useVaultActions';
import { selectCachedEntry } from './cachedEntry';
import { EntryDetails } from './EntryDetails';

/** SPEC section 9's breakpoint: from here on the panel is a side sheet. */
const SIDE_SHEET_QUERY = `(min-width:${MOBILE_BREAKPOINT_PX}px)`;
/** The top bar's height from 600 px on (src/app/topbar/TopBar.tsx): the sheet starts below it. */
const TOP_BAR_HEIGHT = 64;
export const SIDE_SHEET_WIDTH = 440;

export interface EntryDetailsPanelProps {
  /** The entry as it was when the panel was opened; the panel follows the cached list from then on. */
  entry: PasswordEntry;
  open: boolean;
  actions: CardActions;
  onClose: () => void;
  /** The closing transition ended: the panel can be unmounted. */
  onExited: () => void;
}

export default function EntryDetailsPanel({
  entry: opened,
  open,
  actions,
  onClose,
  onExited,
}: EntryDetailsPanelProps) {
  const sideSheet = useMediaQuery(SIDE_SHEET_QUERY, { noSsr: true });
  const titleId = useId();
  // The entry as the lists show it now (a favourite, an edit), else as it was last seen in them.
  const cached = useAppSelector((state) => selectCachedEntry(state, opened._id));
  const [lastSeen, setLastSeen] = useState(opened);
  if (cached && cached !== lastSeen) setLastSeen(cached);
  const entry = cached ?? lastSeen;

  const panelActions = useMemo<CardActions>(
    () => ({
      ...actions,
      toggleFavorite: (target) => {
        // A favourites-only list drops the entry at once: the panel shows the new state all the same.
        setLastSeen((seen) => ({ ...seen, isFavorite: !target.isFavorite }));
        actions.toggleFavorite(target);
      },
      // Deleted (confirmed, master password given): there is nothing left to show.
      remove: (target) => actions.remove(target, onClose),
    }),
    [actions, onClose],
  );

  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <EntryDetails entry={entry} titleId={titleId} actions={panelActions} onClose={onClose} />
    </Box>
  );

  if (!sideSheet) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        fullScreen
        aria-labelledby={titleId}
        slotProps={{ transition: { onExited } }}
      >
        {content}
      </Dialog>
    );
  }
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Below the top bar, which stays in sight (the page's dialogs still open above the sheet).
      sx={{ zIndex: (theme) => theme.zIndex.appBar - 1 }}
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: {
            top: TOP_BAR_HEIGHT,
            height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
            width: SIDE_SHEET_WIDTH,
            maxWidth: '100%',
          },
        },
        transition: { onExited },
      }}
    >
      {content}
    </Drawer>
  );
}
