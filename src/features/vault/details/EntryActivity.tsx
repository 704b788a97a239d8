// The entry's own lines of the access log, in its detail panel: shown on demand, read when shown.
import { Suspense, useId, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ActivityIcon from '@mui/icons-material/ManageSearch';
import { EntryActivityList, loadEntryActivityList } from '../../settings';
import { useCodeBeforeOpening } from '../../../shared/ui/lazyOnFirstUse';

export function EntryActivity({ entryId }: { entryId: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  // Offline with the list's code never fetched, it would throw to the route's error view (the page).
  const listCodeReady = useCodeBeforeOpening(loadEntryActivityList);
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        startIcon={<ActivityIcon />}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={async () => {
          if (open) setOpen(false);
          else if (await listCodeReady()) setOpen(true);
        }}
      >
        {open ? 'Hide activity' : 'Activity of this entry'}
      </Button>
      {open && (
        <Box id={regionId} sx={{ mt: 1 }}>
          <Suspense fallback={<CircularProgress size={20} aria-label="Loading activity" />}>
            <EntryActivityList entryId={entryId} />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
