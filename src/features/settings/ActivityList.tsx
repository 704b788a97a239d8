import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { messageOf } from '../../shared/api/errorText';
import type { ActivityItem } from '../../common/activity';
import { ActivityLine } from './ActivityLine';
import { useGetActivityInfiniteQuery } from './activityApi';
import { RetryAlert } from '../../shared/ui/RetryAlert';

const NO_ITEMS: ActivityItem[] = [];

function LoadingLines({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={`Loading ${label.toLowerCase()}`} sx={{ display: 'grid', gap: 2, py: 1 }}>
      {[0, 1, 2].map((line) => (
        <Box key={line} sx={{ display: 'flex', gap: 1.5 }}>
          <Skeleton variant="circular" width={24} height={24} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="70%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function NoActivity({ entry }: { entry: boolean }) {
  return (
    <Box sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
      <HistoryIcon aria-hidden sx={{ fontSize: 40, mb: 1 }} />
      <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>No activity yet</Typography>
      <Typography variant="body2">
        {entry
          ? 'Reveals, edits and other actions on this entry will be listed here.'
          : 'Sign-ins and what is done with your vault will be listed here.'}
      </Typography>
    </Box>
  );
}

export interface ActivityListProps {
  /** One entry's log; the whole account's without. */
  entryId?: string;
  /** The list's accessible name, e.g. 'Account activity'. */
  label: string;
}

/**
 * The access log, newest first, 50 lines a page with "Load more"; loading, empty and error states.
 * Fetched afresh whenever it is shown: the log grows with every action.
 */
export function ActivityList({ entryId, label }: ActivityListProps) {
  const {
    data,
    error,
    isLoading,
    isError,
    isFetchNextPageError,
    isFetchingNextPage,
    hasNextPage,
    fetchNextPage,
    refetch,
    fulfilledTimeStamp,
  } = useGetActivityInfiniteQuery(entryId ? { entryId } : {}, { refetchOnMountOrArgChange: true });
  const items = data?.pages.flatMap((page) => page.items) ?? NO_ITEMS;

  if (isLoading) return <LoadingLines label={label} />;
  if (isError && !isFetchNextPageError) {
    return (
      <RetryAlert onRetry={() => void refetch()}>{`Failed to load activity: ${messageOf(error)}`}</RetryAlert>
    );
  }
  if (items.length === 0) return <NoActivity entry={entryId !== undefined} />;

  const now = fulfilledTimeStamp ?? Date.parse(items[0].createdAt);
  return (
    <Box>
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        {items.map((item) => (
          <ActivityLine key={item.id} item={item} now={now} showEntry={entryId === undefined} />
        ))}
      </Box>
      {(hasNextPage || isFetchNextPageError) && <Divider />}
      {isFetchNextPageError ? (
        <RetryAlert sx={{ mt: 2 }} onRetry={() => void fetchNextPage()} retrying={isFetchingNextPage}>
          {`Failed to load more activity: ${messageOf(error)}`}
        </RetryAlert>
      ) : (
        hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
            <Button variant="outlined" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          </Box>
        )
      )}
    </Box>
  );
}
