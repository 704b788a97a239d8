import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { MasterPasswordPromptProvider } from '../masterPassword';
import { useListPreferences } from '../settings';
import { messageOf } from '../../shared/api/errorText';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RetryAlert } from '../../shared/ui/RetryAlert';
import { keepClearOfToasts } from '../../shared/ui/ToastPlacement';
import { usePasswordEditor } from './entryForm/usePasswordEditor';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ListPreferences } from '../../common/listOrder';
import { CardSkeletons } from './CardSkeletons';
import { EmptyState } from './EmptyState';
import { EntryList } from './list/EntryList';
import { ListErrorState, WINDOW_FAILED_TEXT } from './ListErrorState';
import { SortControls, ViewToggle } from './ListControls';
import { HEALTH_FILTER_TEXT, healthFilterOf } from './passwordHealth';
import { RevealedSecretsProvider } from './revealedSecrets';
import { usePasswordWindows } from './usePasswordWindows';
import { useVaultActions, type ListActions } from './useVaultActions';
import { useEntryDetails } from './details/useEntryDetails';
import { useGetTrashQuery } from './vaultCareApi';
import { VaultFilters } from './VaultFilters';
import { pageListQuery } from './pageList';
import { filtersCleared, selectHasActiveFilters, selectListQuery } from './vaultSlice';
import { groupThousands } from '../../common/numbers';

/** Another screen may send the user here to add an entry: `navigate('/passwords', { state: { addPassword: true } })`. */
interface PasswordsLocationState {
  addPassword?: boolean;
}

/** The way to the Trash, with how many entries it holds once that is known. */
function TrashLink() {
  const { data } = useGetTrashQuery();
  return (
    <Button component={RouterLink} to="/passwords/trash" variant="outlined" startIcon={<DeleteOutlineIcon />}>
      {data?.length ? `Trash (${data.length})` : 'Trash'}
    </Button>
  );
}

/** The title and the page's two buttons: the same on every render of the list, so not rendered again. */
const PasswordsHeader = memo(function PasswordsHeader({ onAdd }: { onAdd: () => void }) {
  return (
    <Box sx={{ mb: 3 }}>
      <PageHeader
        title="Passwords"
        subtitle="Manage your secure credentials"
        action={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <TrashLink />
            <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
              Add Password
            </Button>
          </Box>
        }
      />
    </Box>
  );
});

function PasswordsView() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  // The health filter lives in the address (/passwords?health=weak): the dashboard links to it, and it
  // can be bookmarked or shared. The other filters are the page's own (the vault slice).
  const [searchParams, setSearchParams] = useSearchParams();
  const health = healthFilterOf(searchParams.get('health'));
  const clearHealth = () =>
    setSearchParams(
      (params) => {
        params.delete('health');
        return params;
      },
      { replace: true },
    );
  const filtered = useAppSelector(selectHasActiveFilters) || health !== undefined;
  const filters = useAppSelector(selectListQuery);
  // The list is asked for in the order the user left it: once their settings say which.
  const { preferences, settled, save } = useListPreferences();
  const location = useLocation();
  const address = location.search;
  const query = useMemo(() => pageListQuery(filters, address, preferences), [filters, address, preferences]);
  const list = usePasswordWindows(query, { skip: !settled });
  const { isLoading, error, size: count } = list;
  const editor = usePasswordEditor();
  const { openCreate, openEdit } = editor;
  const { actions: cardActions, dialogs } = useVaultActions(openEdit);
  const { openDetails, panel } = useEntryDetails(cardActions);
  const actions = useMemo<ListActions>(
    () => ({ ...cardActions, details: openDetails }),
    [cardActions, openDetails],
  );
  const changePreferences = useCallback(
    (change: Partial<ListPreferences>) => {
      save(change).catch(() => enqueueSnackbar('Failed to update settings', { variant: 'error' }));
    },
    [save, enqueueSnackbar],
  );

  // The list, or a later window of it: a failure says so. Only the list's empties it (SPEC section 8);
  // a later window's is asked for again when the user scrolls. Offline, each scroll step fails again:
  // the first failure is a toast, the ones after it are told by the notice that stays (a toast per step
  // would cover it on a phone).
  const windowFailedBefore = useRef(false);
  const toldOf = useRef<unknown>(undefined);
  useEffect(() => {
    // Each failure once: a retry on its way keeps the last one's error while it is pending.
    if (!error || error === toldOf.current) return;
    toldOf.current = error;
    if (list.isListError || !windowFailedBefore.current) {
      enqueueSnackbar('Failed to fetch passwords', { variant: 'error', preventDuplicate: true });
    }
  }, [error, list.isListError, enqueueSnackbar]);
  useEffect(() => {
    windowFailedBefore.current = list.isWindowFailed;
  }, [list.isWindowFailed]);

  const navigate = useNavigate();
  useEffect(() => {
    if (!(location.state as PasswordsLocationState | null)?.addPassword) return;
    navigate(location.pathname, { replace: true, state: null });
    openCreate();
  }, [location.state, location.pathname, navigate, openCreate]);

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      <PasswordsHeader onAdd={openCreate} />
      <VaultFilters />
      {health && (
        <Chip
          label={HEALTH_FILTER_TEXT[health]}
          aria-label={`${HEALTH_FILTER_TEXT[health]}, clear this filter`}
          color="primary"
          variant="outlined"
          onClick={clearHealth}
          onDelete={clearHealth}
          sx={{ mb: 2, maxWidth: '100%' }}
        />
      )}
      {/* The order and view pickers sit on the right, where toasts would: they stay below this row. */}
      <Box
        ref={keepClearOfToasts}
        sx={{ mb: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
      >
        <Box
          sx={{ minHeight: 40, display: 'flex', alignItems: 'center', gap: 2, flex: '1 1 auto', order: 0 }}
        >
          <Typography variant="body2" color="text.secondary" role="status" sx={{ flexShrink: 0 }}>
            {isLoading || list.isListError
              ? ''
              : `${groupThousands(count)} ${count === 1 ? 'password' : 'passwords'}`}
          </Typography>
          {list.isRefreshing && (
            <LinearProgress aria-label="Updating the list" sx={{ flexGrow: 1, maxWidth: 240 }} />
          )}
        </Box>
        {/* On a phone the view toggle stays beside the count and the order goes to a line of its own. */}
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, order: { xs: 2, sm: 1 } }}
        >
          <SortControls preferences={preferences} onChange={changePreferences} />
        </Box>
        <Box sx={{ order: { xs: 1, sm: 2 } }}>
          <ViewToggle preferences={preferences} onChange={changePreferences} />
        </Box>
      </Box>
      {isLoading ? (
        <CardSkeletons />
      ) : list.isListError ? (
        <ListErrorState reason={messageOf(error)} onRetry={list.retry} retrying={list.isRefreshing} />
      ) : count > 0 ? (
        <>
          <EntryList
            entryAt={list.entryAt}
            size={count}
            view={preferences.listView}
            actions={actions}
            busy={list.isLoadingMore}
            onRange={list.showRange}
          />
          {/* The toast that told of a failed window leaves; its placeholders stay, and must not look as if
              their passwords were on the way. Stuck to the bottom of the screen, it is seen wherever they are. */}
          {list.isWindowFailed && (
            <RetryAlert onRetry={list.retryWindows} retrying={list.isLoadingMore} sx={STUCK_TO_THE_BOTTOM}>
              {WINDOW_FAILED_TEXT}
            </RetryAlert>
          )}
        </>
      ) : (
        <EmptyState
          filtered={filtered}
          onAdd={openCreate}
          onClearFilters={() => {
            dispatch(filtersCleared());
            if (health) clearHealth();
          }}
        />
      )}
      {editor.dialog}
      {dialogs}
      {panel}
    </Box>
  );
}

const STUCK_TO_THE_BOTTOM = { position: 'sticky', bottom: 16, mt: 2, zIndex: 1, boxShadow: 3 } as const;

/** SPEC section 2, Passwords page. */
export default function PasswordsPage() {
  return (
    <MasterPasswordPromptProvider>
      <RevealedSecretsProvider>
        <PasswordsView />
      </RevealedSecretsProvider>
    </MasterPasswordPromptProvider>
  );
}
