import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { ListView } from '../../../common/listOrder';
import type { PasswordEntry } from '../../../common/wire';
import { offsetWithin, useScrollParent } from '../scrollParent';
import { useNearEnd } from '../useNearEnd';
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
  /** The entries loaded so far, in list order. */
  entries: PasswordEntry[];
  /** How many entries the whole list holds: the ones past the loaded ones are placeholders. */
  size: number;
  view: ListView;
  actions: ListActions;
  /** A window is on its way. */
  busy?: boolean;
  /** The rendered rows came near the end of the loaded entries: time for the next window. */
  onNearEnd?: () => void;
}

/**
 * The vault as cards in responsive rows or as compact rows, virtualised: only the rows near the viewport
 * are in the DOM, so 100,000 entries cost what 30 do. Every row's height follows from its entries
 * (entryLayout.ts), so nothing is measured; rows are laid out for the whole list from the start (the
 * scrollbar tells its real length), with placeholders until their window arrives. Scrolls with the
 * window or with the layout's scrolling main area.
 */
export function EntryList({ entries, size, view, actions, busy = false, onNearEnd }: EntryListProps) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(container);
  const columns = view === 'compact' ? 1 : columnsFor(width);
  const rowCount = Math.ceil(size / columns);
  const scroller = useScrollParent(container, rowCount);

  const rowHeight = useCallback(
    (row: number) => {
      if (view === 'compact') return ROW_HEIGHT;
      const first = row * columns;
      // Past the loaded entries every row is a row of placeholders: one height, no work per row, so that
      // laying out a vault of 100,000 costs little more than one of 100.
      if (first >= entries.length) return PLACEHOLDER_ROW_HEIGHT;
      return cardRowHeight(entries.slice(first, first + columns));
    },
    [view, columns, entries],
  );
  const loadedRows = Math.ceil(entries.length / columns);

  const renderRow = (row: number): ReactNode => {
    const first = row * columns;
    return Array.from({ length: Math.min(columns, size - first) }, (_, offset) => {
      const entry = entries[first + offset];
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
    loadedRows,
    columns,
    view,
    container,
    renderRow,
    entries,
    size,
    onNearEnd,
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

interface RowsProps extends Pick<EntryListProps, 'entries' | 'size' | 'onNearEnd' | 'view'> {
  rowCount: number;
  rowHeight: (row: number) => number;
  /** Rows holding at least one loaded entry; the ones after are placeholders. */
  loadedRows: number;
  columns: number;
  container: HTMLElement | null;
  renderRow: (row: number) => ReactNode;
}

/** Options both scrollers share: exact sizes, re-laid out when the entries or the columns change. */
function useRowOptions({
  rowCount,
  rowHeight,
  loadedRows,
  view,
  entries,
}: Pick<RowsProps, 'rowCount' | 'rowHeight' | 'loadedRows' | 'view' | 'entries'>) {
  // A loaded row is known by its place and its height: when a window arrives (or the columns change)
  // the new key function makes the virtualiser lay the rows out again in the same render, measuring
  // nothing. A placeholder row, by its place alone: its key changes when its entries arrive.
  const getItemKey = useCallback(
    (row: number) => (row < loadedRows ? `${row}:${rowHeight(row)}` : row),
    [rowHeight, loadedRows],
  );
  const overscan = useOverscan(entries[0]);
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

function Rows<TScroller extends HTMLElement | Window>({
  virtualizer,
  columns,
  view,
  renderRow,
  entries,
  size,
  onNearEnd,
}: Omit<RowsProps, 'rowCount' | 'container' | 'rowHeight' | 'loadedRows'> & {
  virtualizer: Virtualizer<TScroller, HTMLDivElement>;
}) {
  const margin = virtualizer.options.scrollMargin;
  const items = virtualizer.getVirtualItems();
  // The last row within OVERSCAN of the viewport, whether or not the overscan rows are rendered yet: the
  // overscan arriving after the first paint is no reason to ask for a window again (a failed one, say).
  const visible = virtualizer.range;
  const lastRow = visible ? Math.min(virtualizer.options.count - 1, visible.endIndex + OVERSCAN) : -1;
  useNearEnd(lastRow < 0 ? -1 : Math.min(size, (lastRow + 1) * columns) - 1, entries, size, onNearEnd);
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
