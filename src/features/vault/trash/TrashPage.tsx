import { useRef, useState, type Ref } from 'react';
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
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
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

function EmptyTrash({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      variant="outlined"
      sx={{ py: { xs: 5, sm: 8 }, px: 3, textAlign: 'center', outline: 'none' }}
    >
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
  const [emptyQuestion, setEmptyQuestion] = useState(false);
  const [emptying, setEmptying] = useState(false);
  // Where the focus goes when the entry that had it leaves the list.
  const list = useRef<HTMLDivElement>(null);
  // Once the trash is emptied, the focus goes to what shows next, the empty trash or what another tab
  // trashed since (the button that had it may go with the list).
  const justEmptied = useRef(false);
  const focusIfEmptied = (node: HTMLDivElement | null) => {
    // Not before the trash is read again: the list on screen until then is the one just emptied.
    if (!node || !justEmptied.current || trash.isFetching) return;
    justEmptied.current = false;
    node.focus();
  };

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

  /** Everything the page shows, up to its newest deletion (one trashed since, in another tab, stays). */
  const emptyTrash = async (shown: TrashedPasswordEntry[]) => {
    const through = shown.reduce(
      (newest, entry) => (entry.deletedAt > newest ? entry.deletedAt : newest),
      '',
    );
    setEmptying(true);
    try {
      const masterPassword = await prompt({ purpose: 'emptyTrash' });
      if (!masterPassword) return;
      const deleted = await dispatch(
        vaultCareApi.endpoints.emptyTrash.initiate({ through, masterPassword }, { track: false }),
      ).unwrap();
      enqueueSnackbar(
        `Trash emptied: ${groupThousands(deleted)} ${deleted === 1 ? 'password' : 'passwords'} deleted for good`,
        { variant: 'success' },
      );
      justEmptied.current = true;
    } catch {
      enqueueSnackbar('Failed to empty the trash', { variant: 'error' });
    } finally {
      setEmptying(false);
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
  else if (count === 0) content = <EmptyTrash ref={focusIfEmptied} />;
  else
    content = (
      <Box
        ref={(node: HTMLDivElement | null) => {
          list.current = node;
          focusIfEmptied(node);
        }}
        tabIndex={-1}
        aria-label="Deleted passwords"
        role="region"
        sx={{ outline: 'none' }}
      >
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
          action={
            count > 0 && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteForeverIcon />}
                loading={emptying}
                onClick={() => setEmptyQuestion(true)}
              >
                Empty trash
              </Button>
            )
          }
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
      <ConfirmDialog
        open={emptyQuestion}
        title="Empty trash"
        message={`${count === 1 ? 'The deleted password' : `All ${groupThousands(count)} deleted passwords`} will be deleted for good, with ${count === 1 ? 'its' : 'their'} password history. This cannot be undone.`}
        confirmLabel="Empty trash"
        destructive
        onConfirm={() => {
          setEmptyQuestion(false);
          void emptyTrash(entries);
        }}
        onCancel={() => setEmptyQuestion(false)}
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
