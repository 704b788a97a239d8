import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { PasswordEntry } from '../../common/wire';
import { CARD_HEIGHT, CardPlaceholder } from './CardSkeletons';
import { PasswordCard } from './PasswordCard';
import { offsetWithin, useScrollParent } from './scrollParent';
import { useNearEnd } from './useNearEnd';
import type { CardActions } from './useVaultActions';

const CARD_MIN_WIDTH = 300;
const GAP = 16;
const ROW_ESTIMATE = CARD_HEIGHT;
const OVERSCAN = 2;

export function columnsFor(width: number): number {
  return Math.min(4, Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP))));
}

function useElementWidth(element: HTMLElement | null): number {
  const [observed, setObserved] = useState(0);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setObserved(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  // Before the first observation, read the box directly so the first paint has the right columns.
  return observed || element?.clientWidth || 0;
}

export interface PasswordGridProps {
  /** The entries loaded so far, in list order. */
  entries: PasswordEntry[];
  /** How many entries the whole list holds: the rows past the loaded ones show placeholders. */
  size: number;
  actions: CardActions;
  /** A window is on its way. */
  busy?: boolean;
  /** The rendered rows came near the end of the loaded entries: time for the next window. */
  onNearEnd?: () => void;
}

/**
 * The cards in responsive rows, virtualised: only the rows near the viewport are in the DOM, so
 * 100,000 entries cost what 30 do. Rows are laid out for the whole list from the start (the scrollbar
 * tells its real length); entries not loaded yet are placeholders until their window arrives.
 * Scrolls with the window or with the layout's scrolling main area.
 */
export function PasswordGrid({ entries, size, actions, busy = false, onNearEnd }: PasswordGridProps) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const columns = columnsFor(useElementWidth(container));
  const rowCount = Math.ceil(size / columns);
  const scroller = useScrollParent(container, rowCount);

  const renderRow = (row: number): ReactNode => {
    const first = row * columns;
    return Array.from({ length: Math.min(columns, size - first) }, (_, offset) => {
      const entry = entries[first + offset];
      if (!entry) return <CardPlaceholder key={`placeholder-${first + offset}`} />;
      return (
        <Box key={entry._id} role="listitem" aria-setsize={size} aria-posinset={first + offset + 1}>
          <PasswordCard entry={entry} actions={actions} />
        </Box>
      );
    });
  };

  const rows = { rowCount, columns, container, renderRow, entries, size, onNearEnd };
  return (
    <Box
      ref={setContainer}
      role="list"
      aria-label="Passwords"
      aria-busy={busy}
      sx={{ minHeight: scroller ? undefined : rowCount * (ROW_ESTIMATE + GAP) }}
    >
      {scroller instanceof Window && <WindowRows {...rows} />}
      {scroller instanceof HTMLElement && <ElementRows {...rows} scroller={scroller} />}
    </Box>
  );
}

interface RowsProps extends Pick<PasswordGridProps, 'entries' | 'size' | 'onNearEnd'> {
  rowCount: number;
  columns: number;
  container: HTMLElement | null;
  renderRow: (row: number) => ReactNode;
}

function WindowRows({ rowCount, container, ...rest }: RowsProps) {
  const virtualizer = useWindowVirtualizer<HTMLDivElement>({
    count: rowCount,
    estimateSize: () => ROW_ESTIMATE,
    gap: GAP,
    overscan: OVERSCAN,
    scrollMargin: container ? offsetWithin(container, window) : 0,
  });
  return <Rows virtualizer={virtualizer} {...rest} />;
}

function ElementRows({ rowCount, container, scroller, ...rest }: RowsProps & { scroller: HTMLElement }) {
  // The React Compiler cannot memoise around TanStack Virtual; nothing here is memoised by hand either.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLElement, HTMLDivElement>({
    count: rowCount,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_ESTIMATE,
    gap: GAP,
    overscan: OVERSCAN,
    scrollMargin: container ? offsetWithin(container, scroller) : 0,
  });
  return <Rows virtualizer={virtualizer} {...rest} />;
}

function Rows<TScroller extends HTMLElement | Window>({
  virtualizer,
  columns,
  renderRow,
  entries,
  size,
  onNearEnd,
}: Omit<RowsProps, 'rowCount' | 'container'> & { virtualizer: Virtualizer<TScroller, HTMLDivElement> }) {
  const margin = virtualizer.options.scrollMargin;
  const items = virtualizer.getVirtualItems();
  const lastRow = items.length ? items[items.length - 1].index : -1;
  useNearEnd(lastRow < 0 ? -1 : Math.min(size, (lastRow + 1) * columns) - 1, entries, size, onNearEnd);
  return (
    <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {items.map((row) => (
        <div
          key={row.key}
          role="presentation"
          data-index={row.index}
          ref={virtualizer.measureElement}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${row.start - margin}px)`,
          }}
        >
          <Box
            role="presentation"
            sx={{
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: `${GAP}px`,
            }}
          >
            {renderRow(row.index)}
          </Box>
        </div>
      ))}
    </div>
  );
}
