import { useCallback, useMemo } from 'react';
import type { PasswordEntry } from '../../common/wire';
import { useGetPasswordWindowsInfiniteQuery, type PasswordListFilters } from './vaultApi';

const NO_ENTRIES: PasswordEntry[] = [];

export interface PasswordWindows {
  /** The entries loaded so far, newest first. */
  entries: PasswordEntry[];
  /** How many entries the list holds, loaded or not: the count line and the grid's rows. */
  size: number;
  /** The first window is on its way and nothing is shown yet. */
  isLoading: boolean;
  /** The list is being fetched again (other filters, or a change to the vault) while the old one shows. */
  isRefreshing: boolean;
  /** A later window is on its way. */
  isLoadingMore: boolean;
  /** A new failure, list or later window: each one is a new value, for the toast. */
  error: unknown;
  /** The list itself could not be fetched (not a later window): nothing to show but the failure. */
  isListError: boolean;
  /** Ask for the next window; nothing if there is none or a request is running. */
  loadMore: () => void;
  /** Ask for the list again after it failed. */
  retry: () => void;
}

/** The Passwords page's list for the given filters, one window of entries at a time. */
export function usePasswordWindows(
  filters: PasswordListFilters,
  options: { skip?: boolean } = {},
): PasswordWindows {
  const {
    data,
    error,
    isLoading,
    isFetching,
    isError,
    isFetchNextPageError,
    isFetchingNextPage,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useGetPasswordWindowsInfiniteQuery(filters, { skip: options.skip });

  const entries = useMemo(() => data?.pages.flatMap((page) => page.passwords) ?? NO_ENTRIES, [data]);
  // SPEC section 8: when the list cannot be fetched it is emptied; a later window failing keeps it.
  const isListError = isError && !isFetchNextPageError;
  // Sized by what is shown (`data` may still be the previous filters' list while the new one loads).
  const more = data?.pages.at(-1)?.nextCursor != null;
  const total = data?.pages[0]?.total ?? 0;
  // While windows remain, the list is as long as the server counted (never shorter than what is loaded);
  // once all are here, it is exactly what was loaded, so no placeholder waits for an entry that is gone.
  const size = isListError ? 0 : more ? Math.max(total, entries.length) : entries.length;

  const retry = useCallback(() => void refetch(), [refetch]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetching]);

  return {
    entries: isListError ? NO_ENTRIES : entries,
    size,
    // Skipped (waiting for what the query needs) counts as loading: nothing to show yet.
    isLoading: isLoading || options.skip === true,
    isRefreshing: isFetching && !isLoading && !isFetchingNextPage,
    isLoadingMore: isFetchingNextPage,
    error: isError ? error : undefined,
    isListError,
    loadMore,
    retry,
  };
}
