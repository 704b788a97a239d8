import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { ListView } from '../../../common/listOrder';
import type { PasswordEntry } from '../../../common/wire';
import { offsetWithin, useScrollParent } from '../scrollParent';
import type { ListActions } from '../useVaultActions';
import { EntryCard } from './EntryCard';
import { EntryRow } from './EntryRow';
import { cardRowHeight, columnsFor, GAP, PLACEHOLDER_ROW_HEIGHT, ROW_HEIGHT } from './entryLayout';
import { useTheme } from '@mui/material/styles';
import { listThemeVariables } from './listTheme';
import './entryList.css';

/** Rows rendered beyond the visible ones, each way, once the first entries are on screen. */
const OVERSCAN = 2;

/**
 * 0 until the frame after a list's first entries were painted, then OVERSCAN: the first paint of a list
 * (the page's, or another search's or filter's) renders only the rows a person sees, and the rows beyond
 * the viewport follow right after it. `first` is the list's first entry: a new list, or a new first
 * window of this one, brings a new object (the cache keeps the objects of entries that did not change).
 */
function useOverscan(first: PasswordEntry | undefined): number {
  const [settledFor, setSettledFor] = useState<PasswordEntry>();
  useEffect(() => {
    if (!first) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setSettledFor(first), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [first]);
  return first !== undefined && settledFor === first ? OVERSCAN : 0;
}

/** The list's width, observed; read once before the first paint so the first rows have their columns. */
function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return undefined;
    // Measuring layout: how many columns fit is known only once the element is there.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export interface EntryListProps {
  /** The entry at a place of the list, once its window is here; until then a placeholder shows. */
  entryAt: (index: number) => PasswordEntry | undefined;
  /** How many entries the whole list holds. */
  size: number;
  view: ListView;
  actions: ListActions;
  /** A window is on its way. */
  busy?: boolean;
  /** The places of the entries rendered now (the rows in view and OVERSCAN rows each way). */
  onRange?: (first: number, last: number) => void;
}

/**
 * The vault as cards in responsive rows or as compact rows, virtualised: only the rows near the viewport
 * are in the DOM, so 100,000 entries cost what 30 do. Every row's height follows from its entries
 * (entryLayout.ts), so nothing is measured; rows are laid out for the whole list from the start (the
 * scrollbar tells its real length), with placeholders until their window arrives. Scrolls with the
 * window or with the layout's scrolling main area.
 */
export function EntryList({ entryAt, size, view, actions, busy = false, onRange }: EntryListProps) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(container);
  const columns = view === 'compact' ? 1 : columnsFor(width);
  const rowCount = Math.ceil(size / columns);
  const scroller = useScrollParent(container, rowCount);

  // A row whose first entry is here has arrived (a window holds whole rows but at its edges, where the
  // rest of a row follows with the next window).
  const rowLoaded = useCallback((row: number) => entryAt(row * columns) !== undefined, [entryAt, columns]);
  const rowHeight = useCallback(
    (row: number) => {
      if (view === 'compact') return ROW_HEIGHT;
      // A row of placeholders: one height and little work, so that laying out a vault of 100,000 costs
      // little more than one of 100.
      if (!rowLoaded(row)) return PLACEHOLDER_ROW_HEIGHT;
      const first = row * columns;
      return cardRowHeight(Array.from({ length: columns }, (_, offset) => entryAt(first + offset)));
    },
    [view, columns, entryAt, rowLoaded],
  );

  const renderRow = (row: number): ReactNode => {
    const first = row * columns;
    return Array.from({ length: Math.min(columns, size - first) }, (_, offset) => {
      const entry = entryAt(first + offset);
      if (!entry) {
        return (
          <div
            key={`placeholder-${first + offset}`}
            aria-hidden="true"
            data-testid="card-placeholder"
            className={view === 'compact' ? 'pv-row-placeholder' : 'pv-placeholder'}
          />
        );
      }
      return (
        <div key={entry._id} role="listitem" aria-setsize={size} aria-posinset={first + offset + 1}>
          {view === 'compact' ? (
            <EntryRow entry={entry} actions={actions} />
          ) : (
            <EntryCard entry={entry} actions={actions} />
          )}
        </div>
      );
    });
  };

  const theme = useTheme();
  const variables = useMemo(() => listThemeVariables(theme), [theme]);
  const rows = {
    rowCount,
    rowHeight,
    rowLoaded,
    columns,
    view,
    container,
    renderRow,
    first: entryAt(0),
    size,
    onRange,
  };
  return (
    <div
      ref={setContainer}
      className={view === 'compact' ? 'pv-list pv-compact' : 'pv-list'}
      role="list"
      aria-label="Passwords"
      aria-busy={busy}
      style={{
        ...variables,
        minHeight: scroller
          ? undefined
          : rowCount * (view === 'compact' ? ROW_HEIGHT : PLACEHOLDER_ROW_HEIGHT + GAP),
      }}
    >
      {scroller instanceof Window && <WindowRows {...rows} />}
      {scroller instanceof HTMLElement && <ElementRows {...rows} scroller={scroller} />}
    </div>
  );
}

interface RowsProps extends Pick<EntryListProps, 'size' | 'onRange' | 'view'> {
  rowCount: number;
  rowHeight: (row: number) => number;
  /** Whether a row's entries are here; the others are placeholders. */
  rowLoaded: (row: number) => boolean;
  /** The list's first entry: a new object for a new list, or a new first window of this one. */
  first: PasswordEntry | undefined;
  columns: number;
  container: HTMLElement | null;
  renderRow: (row: number) => ReactNode;
}

/** Options both scrollers share: exact sizes, re-laid out when the entries or the columns change. */
function useRowOptions({
  rowCount,
  rowHeight,
  rowLoaded,
  view,
  first,
}: Pick<RowsProps, 'rowCount' | 'rowHeight' | 'rowLoaded' | 'view' | 'first'>) {
  // A loaded row is known by its place and its height: when a window arrives (or the columns change)
  // the new key function makes the virtualiser lay the rows out again in the same render, measuring
  // nothing. A placeholder row, by its place alone: its key changes when its entries arrive.
  const getItemKey = useCallback(
    (row: number) => (rowLoaded(row) ? `${row}:${rowHeight(row)}` : row),
    [rowHeight, rowLoaded],
  );
  const overscan = useOverscan(first);
  return {
    count: rowCount,
    estimateSize: rowHeight,
    getItemKey,
    gap: view === 'compact' ? 0 : GAP,
    overscan,
  };
}

function WindowRows({ container, ...rest }: RowsProps) {
  const virtualizer = useWindowVirtualizer<HTMLDivElement>({
    ...useRowOptions(rest),
    scrollMargin: container ? offsetWithin(container, window) : 0,
  });
  return <Rows virtualizer={virtualizer} {...rest} />;
}

function ElementRows({ container, scroller, ...rest }: RowsProps & { scroller: HTMLElement }) {
  // The React Compiler cannot memoise around TanStack Virtual; nothing here is memoised by hand either.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLElement, HTMLDivElement>({
    ...useRowOptions(rest),
    getScrollElement: () => scroller,
    scrollMargin: container ? offsetWithin(container, scroller) : 0,
  });
  return <Rows virtualizer={virtualizer} {...rest} />;
}

interface ReaderPlace {
  /** The row at the top of the view, and its place within the list. */
  row: number;
  place: number;
  columns: number;
  /** The view showed the list's end (End, a scrollbar dragged to the bottom), and how long it was. */
  atEnd: boolean;
  length: number;
}

/**
 * Keeps what the reader sees where it is when rows above it change height: a window above it arrived (a
 * card with a TOTP, fields or health notes is taller than a placeholder) or was refetched. Without it,
 * the cards in view would jump down the page as the reader scrolls up after a jump. A row's place within
 * the list changes only with the layout, never with scrolling, so any change to it is one. A view at the
 * list's end stays at its end as the last windows arrive.
 */
function useKeepReaderInPlace<TScroller extends HTMLElement | Window>(
  virtualizer: Virtualizer<TScroller, HTMLDivElement>,
  columns: number,
) {
  const reader = useRef<ReaderPlace | null>(null);
  useLayoutEffect(() => {
    // Laid out for this render already (getVirtualItems measured them).
    const measurements = virtualizer.measurementsCache;
    const margin = virtualizer.options.scrollMargin;
    const length = virtualizer.getTotalSize();
    const before = reader.current;
    const moved = before && before.columns === columns ? measurements[before.row] : undefined;
    // At the end, a longer list scrolls on to its new end; a shorter one is kept at its end by the
    // browser (the scroll position cannot stay past it).
    const shift =
      !before || !moved
        ? 0
        : before.atEnd
          ? Math.max(0, length - before.length)
          : moved.start - margin - before.place;
    if (before && moved && shift !== 0) {
      // The scroller itself, as a reader's scroll: the virtualiser's scrollBy clamps to the page height
      // it knew before this render.
      virtualizer.scrollElement?.scrollBy({ top: shift });
      reader.current = { ...before, place: moved.start - margin, length };
      return;
    }
    const top = virtualizer.range?.startIndex;
    const item = top === undefined ? undefined : measurements[top];
    const seenTo = (virtualizer.scrollOffset ?? 0) + (virtualizer.scrollRect?.height ?? 0);
    // A reader who sees the first row too (a list that fits) keeps the top: what is added there shows.
    const atEnd = top !== undefined && top > 0 && seenTo >= margin + length - 1;
    reader.current =
      item && top !== undefined ? { row: top, place: item.start - margin, columns, atEnd, length } : null;
  });
}

function Rows<TScroller extends HTMLElement | Window>({
  virtualizer,
  columns,
  view,
  renderRow,
  size,
  onRange,
}: Omit<RowsProps, 'rowCount' | 'container' | 'rowHeight' | 'rowLoaded' | 'first'> & {
  virtualizer: Virtualizer<TScroller, HTMLDivElement>;
}) {
  const margin = virtualizer.options.scrollMargin;
  const items = virtualizer.getVirtualItems();
  // The rows within OVERSCAN of the viewport, whether or not the overscan rows are rendered yet: the
  // overscan arriving after the first paint is no reason to ask for other windows.
  const visible = virtualizer.range;
  const firstPlace = visible ? Math.max(0, visible.startIndex - OVERSCAN) * columns : -1;
  const lastRow = visible ? Math.min(virtualizer.options.count - 1, visible.endIndex + OVERSCAN) : -1;
  const lastPlace = lastRow < 0 ? -1 : Math.min(size, (lastRow + 1) * columns) - 1;
  useEffect(() => {
    if (lastPlace >= 0) onRange?.(firstPlace, lastPlace);
  }, [firstPlace, lastPlace, onRange]);
  useKeepReaderInPlace(virtualizer, columns);
  return (
    <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {items.map((row) => (
        <div
          key={row.key}
          role="presentation"
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: row.size,
            transform: `translateY(${row.start - margin}px)`,
            display: view === 'compact' ? 'block' : 'grid',
            gridTemplateColumns: view === 'compact' ? undefined : `repeat(${columns}, minmax(0, 1fr))`,
            gap: view === 'compact' ? undefined : GAP,
          }}
        >
          {renderRow(row.index)}
        </div>
      ))}
    </div>
  );
}
