import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { TrashedPasswordEntry } from '../../../common/wire';
import { messageOf } from '../../../shared/api/errorText';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { visuallyHiddenSx } from '../../../shared/ui/visuallyHidden';
import { useAppDispatch } from '../../../app/hooks';
import { MasterPasswordPromptProvider, useMasterPasswordPrompt } from '../../masterPassword';
import { useRestorePassword } from '../useRestorePassword';
import { useGetTrashQuery, vaultCareApi } from '../vaultCareApi';
import { TRASH_DAYS, TrashEntry } from './TrashEntry';
import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { groupThousands } from '../../../common/numbers';

function TrashSkeletons() {
  return (
    <Box role="status">
      <Box component="span" sx={visuallyHiddenSx}>
        Loading the trash…
      </Box>
      <Stack spacing={1.5} aria-hidden>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={104} />
        ))}
      </Stack>
    </Box>
  );
}

function EmptyTrash() {
  return (
    <Paper variant="outlined" sx={{ py: { xs: 5, sm: 8 }, px: 3, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'action.selected', color: 'primary.main' }} aria-hidden>
          <DeleteOutlineIcon />
        </Avatar>
        <Typography component="h2" variant="h6">
          The trash is empty
        </Typography>
        <Typography color="text.secondary">Passwords you delete stay here for {TRASH_DAYS} days.</Typography>
      </Stack>
    </Paper>
  );
}

function TrashView() {
  const dispatch = useAppDispatch();
  const prompt = useMasterPasswordPrompt();
  const restore = useRestorePassword();
  const { enqueueSnackbar } = useSnackbar();
  const trash = useGetTrashQuery();
  // The entry stays named while the question fades out.
  const [purgeQuestion, setPurgeQuestion] = useState<{ entry: TrashedPasswordEntry; open: boolean } | null>(
    null,
  );
  const [busy, setBusy] = useState<string | null>(null);
  // Where the focus goes when the entry that had it leaves the list.
  const list = useRef<HTMLDivElement>(null);

  const run = async (id: string, action: () => Promise<boolean>) => {
    setBusy(id);
    const done = await action();
    setBusy(null);
    if (done) list.current?.focus();
  };

  const purge = async (entry: TrashedPasswordEntry): Promise<boolean> => {
    const masterPassword = await prompt({ purpose: 'delete', entryId: entry._id });
    if (!masterPassword) return false;
    try {
      const message = await dispatch(
        vaultCareApi.endpoints.purgePassword.initiate({ id: entry._id, masterPassword }, { track: false }),
      ).unwrap();
      enqueueSnackbar(message || 'Password deleted permanently', { variant: 'success' });
      return true;
    } catch {
      enqueueSnackbar('Failed to delete password', { variant: 'error' });
      return false;
    }
  };

  const entries = trash.data ?? [];
  const count = entries.length;
  let content;
  if (trash.isLoading) content = <TrashSkeletons />;
  else if (trash.isError)
    content = (
      <RetryAlert onRetry={() => void trash.refetch()} retrying={trash.isFetching}>
        {`Failed to load the trash: ${messageOf(trash.error)}`}
      </RetryAlert>
    );
  else if (count === 0) content = <EmptyTrash />;
  else
    content = (
      <Box ref={list} tabIndex={-1} aria-label="Deleted passwords" role="region" sx={{ outline: 'none' }}>
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
          {`${groupThousands(count)} deleted ${count === 1 ? 'password' : 'passwords'}`}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry) => (
            <li key={entry._id}>
              <TrashEntry
                entry={entry}
                busy={busy === entry._id}
                onRestore={({ _id: id }) => void run(id, () => restore(id))}
                onPurge={(target) => setPurgeQuestion({ entry: target, open: true })}
              />
            </li>
          ))}
        </Stack>
      </Box>
    );

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Button component={RouterLink} to="/passwords" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        Back to Passwords
      </Button>
      <Box sx={{ mb: 3 }}>
        <PageHeader
          title="Trash"
          subtitle={`Deleted entries are removed for good after ${TRASH_DAYS} days`}
        />
      </Box>
      {content}
      <ConfirmDialog
        open={purgeQuestion?.open ?? false}
        title="Delete forever"
        message={`“${purgeQuestion?.entry.title ?? ''}” will be deleted for good, with its password history. This cannot be undone.`}
        confirmLabel="Delete forever"
        destructive
        onConfirm={() => {
          const entry = purgeQuestion?.entry;
          setPurgeQuestion((question) => question && { ...question, open: false });
          if (entry) void run(entry._id, () => purge(entry));
        }}
        onCancel={() => setPurgeQuestion((question) => question && { ...question, open: false })}
      />
    </Box>
  );
}

/** Issue 14: the deleted entries, restorable for 30 days (/passwords/trash). */
export default function TrashPage() {
  return (
    <MasterPasswordPromptProvider>
      <TrashView />
    </MasterPasswordPromptProvider>
  );
}
