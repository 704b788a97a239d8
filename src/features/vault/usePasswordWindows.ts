import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { LIST_WINDOW_SIZE } from '../../common/limits';
import type { PasswordEntry, PasswordListPage } from '../../common/wire';
import { PASSWORD_LIST_TAG } from '../../shared/api/baseApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { cachedWindowsOf, filtersKey, pageOf, windowArgOf, type CachedWindow } from './cachedWindows';
import { vaultApi, type PasswordListFilters } from './vaultApi';

export interface PasswordWindows {
  /** The entry at this place of the list (0 is the first), once its window is here. */
  entryAt: (index: number) => PasswordEntry | undefined;
  /** How many entries the list holds, here or not: the count line and the list's rows. */
  size: number;
  /** The first window is on its way and nothing is shown yet. */
  isLoading: boolean;
  /** The list is being fetched again (other filters, or a change to the vault) while the old one shows. */
  isRefreshing: boolean;
  /** A window the list renders has not arrived yet: its entries are placeholders. */
  isLoadingMore: boolean;
  /** A new failure, of the list or of a later window: each one is a new value, for the toast. */
  error: unknown;
  /**
   * A window in view failed and has not arrived since (asking again keeps this until it does): its rows
   * stay placeholders, which the page must not leave looking as if they were on their way.
   */
  isWindowFailed: boolean;
  /** The list itself could not be fetched (not a later window): nothing to show but the failure. */
  isListError: boolean;
  /** The list renders these entries (first and last place, both in): their windows are asked for. */
  showRange: (first: number, last: number) => void;
  /** Ask for the list again after it failed. */
  retry: () => void;
  /** Ask again for the windows in view that failed (the list's first window stays as it is). */
  retryWindows: () => void;
}

/**
 * Entries asked for beyond the rendered ones, each way: half a window, several screens ahead of the
 * reader, so scrolling on rarely meets a placeholder.
 */
const READ_AHEAD = LIST_WINDOW_SIZE / 2;

/** The windows (after the first, which is always asked for) holding the places around a range. */
function windowsAround(first: number, last: number): number[] {
  const from = Math.max(1, Math.floor(Math.max(0, first - READ_AHEAD) / LIST_WINDOW_SIZE));
  const to = Math.floor((last + READ_AHEAD) / LIST_WINDOW_SIZE);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, offset) => from + offset);
}

const NO_WINDOWS: number[] = [];

/** Whether a window is one of these or next to one: reading on, not a jump. */
const isNextTo = (index: number, windows: number[]) => windows.some((other) => Math.abs(other - index) <= 1);

/** How long the list must rest after a jump before the windows where it stopped are asked for. */
const JUMP_SETTLE_MS = 100;

interface Subscription {
  refetch: () => unknown;
  unsubscribe: () => void;
}

/**
 * The windows after the first that the list renders, each subscribed while it is (so a change to the
 * vault refetches those and no others), and every window of the list still cached: one out of view keeps
 * its cards for WINDOW_KEPT_FOR after it left, so scrolling back shows them at once and the rows above
 * the reader keep their heights.
 */
function useLaterWindows(filters: PasswordListFilters, indexes: number[], skip: boolean) {
  const dispatch = useAppDispatch();
  const subscriptions = useRef(new Map<number, Subscription>());
  useEffect(() => {
    if (skip) return undefined;
    const subscribed = new Map(
      indexes.map((index) => [
        index,
        dispatch(vaultApi.endpoints.getPasswordWindow.initiate({ filters, index })) as Subscription,
      ]),
    );
    subscriptions.current = subscribed;
    return () => subscribed.forEach((subscription) => subscription.unsubscribe());
  }, [dispatch, filters, indexes, skip]);
  const key = useMemo(() => filtersKey(filters), [filters]);
  const cached = useAppSelector((state) => (skip ? NO_CACHED : cachedWindowsOf(state, key)), shallowEqual);
  const cachedNow = useRef(cached);
  useLayoutEffect(() => {
    cachedNow.current = cached;
  }, [cached]);
  // Asks again for the windows in view that failed, which are not asked for again while they stay in
  // view. One function for the hook's life: calling it never makes it call itself again.
  const retryFailed = useCallback(() => {
    for (const answer of cachedNow.current) {
      if (answer.status === 'rejected') void subscriptions.current.get(windowArgOf(answer).index)?.refetch();
    }
  }, []);
  return { cached, retryFailed };
}

const NO_CACHED: CachedWindow[] = [];

/** The answers to show, by window, and the list's total as the most recent of them counted it. */
function shownPages(head: PasswordListPage | undefined, headAt: number, later: CachedWindow[]) {
  const pages = new Map<number, PasswordListPage>();
  let total = 0;
  let newest = -1;
  const add = (index: number, page: PasswordListPage | undefined, fetchedAt: number) => {
    if (!page) return;
    pages.set(index, page);
    if (fetchedAt > newest) {
      newest = fetchedAt;
      total = page.total;
    }
  };
  add(0, head, headAt);
  for (const cached of later) add(windowArgOf(cached).index, pageOf(cached), cached.fulfilledTimeStamp ?? 0);
  return { pages, total };
}

/**
 * The Passwords page's list for the given filters, one window of entries at a time: the first window
 * (the count, and where a new list starts) and the windows around the entries the list renders, asked
 * for by their place, so a scrollbar dragged anywhere in 100,000 entries costs one or two windows.
 */
export function usePasswordWindows(
  filters: PasswordListFilters,
  options: { skip?: boolean } = {},
): PasswordWindows {
  const skip = options.skip === true;
  const dispatch = useAppDispatch();
  const head = vaultApi.useGetPasswordWindowQuery({ filters, index: 0 }, { skip });
  const [around, setAround] = useState(NO_WINDOWS);
  // Only windows the list has: known from its first window's count (a new list may be shorter, and
  // none is asked for before that count is here).
  const headTotal = head.currentData?.total ?? 0;
  const indexes = useMemo(
    () => around.filter((index) => index * LIST_WINDOW_SIZE < headTotal),
    [around, headTotal],
  );
  const later = useLaterWindows(filters, indexes, skip);

  // `data` may still be the previous filters' first window while this list's is on its way: it shows,
  // alone, until then. Once this list's is here, the later windows join it.
  const isCurrent = head.currentData !== undefined;
  const { pages, total } = useMemo(
    () =>
      isCurrent
        ? shownPages(head.currentData, head.fulfilledTimeStamp ?? 0, later.cached)
        : shownPages(head.data, 0, []),
    [isCurrent, head.currentData, head.data, head.fulfilledTimeStamp, later.cached],
  );

  // Windows fetched at different times may see different vaults (a change made on another device in
  // between): their totals then differ, and the windows in view are asked for again, together.
  const settled =
    isCurrent && !head.isFetching && later.cached.every((cached) => cached.status !== 'pending');
  const totals = [...pages.values()].map((page) => page.total);
  const disagree = settled && totals.some((count) => count !== totals[0]);
  useEffect(() => {
    if (disagree) dispatch(vaultApi.util.invalidateTags([PASSWORD_LIST_TAG]));
  }, [disagree, dispatch]);

  // SPEC section 8: when the list cannot be fetched it is emptied; a later window failing keeps it.
  const isListError = head.isError;
  const size = isListError ? 0 : total;

  const { retryFailed } = later;
  const jump = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(jump.current), []);
  const aroundNow = useRef(around);
  const firstNow = useRef(0);
  const showRange = useCallback(
    (first: number, last: number) => {
      const wanted = windowsAround(first, last);
      const shown = aroundNow.current;
      const change = () => {
        if (shallowEqual(aroundNow.current, wanted)) return;
        aroundNow.current = wanted;
        setAround(wanted);
      };
      clearTimeout(jump.current);
      // Reading on asks for the next window at once. A jump (a dragged scrollbar, End) passes many
      // places on its way: their windows are asked for once it has stopped, not each one it passed
      // (and none arrives to move the page while it is still moving). A smooth scroll to the end moves
      // a window or so a frame, each next to the last: it is told from reading by its steps, longer than
      // the read-ahead, whatever the frame rate (on a busy machine a late frame lets it rest half-way).
      const stride = Math.abs(first - firstNow.current);
      firstNow.current = first;
      const jumped =
        wanted.length > 0 && (stride > READ_AHEAD || !wanted.some((index) => isNextTo(index, [0, ...shown])));
      if (jumped) jump.current = setTimeout(change, JUMP_SETTLE_MS);
      else change();
      retryFailed();
    },
    [retryFailed],
  );

  const entryAt = useCallback(
    (index: number) => pages.get(Math.floor(index / LIST_WINDOW_SIZE))?.passwords[index % LIST_WINDOW_SIZE],
    [pages],
  );
  const { refetch } = head;
  const retry = useCallback(() => {
    void refetch();
    retryFailed();
  }, [refetch, retryFailed]);

  // The windows in view: one that has not arrived is a row of placeholders, one that failed says so.
  const inView = later.cached.filter((cached) => indexes.includes(windowArgOf(cached).index));
  const arrived = new Set(
    inView.filter((cached) => pageOf(cached)).map((cached) => windowArgOf(cached).index),
  );
  const laterError = inView.find((cached) => cached.status === 'rejected')?.error;
  // A window asked for again after it failed keeps its error while pending: the notice stays steady.
  const isWindowFailed = inView.some((cached) => cached.error !== undefined && !pageOf(cached));
  const hasData = head.data !== undefined;
  return {
    entryAt,
    size,
    // Skipped (waiting for what the query needs) counts as loading: nothing to show yet.
    isLoading: skip || (!hasData && !head.isError),
    // The old list shows while this one's first window (other filters) or its windows in view (a
    // change to the vault) are fetched again; a first window that failed is fetched no more.
    isRefreshing:
      hasData &&
      (head.isFetching ||
        inView.some((cached) => pageOf(cached) !== undefined && cached.status === 'pending')),
    isLoadingMore: !laterError && indexes.some((index) => !arrived.has(index)),
    error: head.error ?? laterError,
    isWindowFailed,
    isListError,
    showRange,
    retry,
    retryWindows: retryFailed,
  };
}
