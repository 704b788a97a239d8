// The entry's own lines of the access log, in its detail panel: shown on demand, read when shown.
import { Suspense, useId, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ActivityIcon from '@mui/icons-material/ManageSearch';
import { EntryActivityList } from '../../settings';

export function EntryActivity({ entryId }: { entryId: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        startIcon={<ActivityIcon />}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((shown) => !shown)}
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
