import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { PasswordEntry } from '../../common/wire';
import { PasswordCard } from './PasswordCard';
import { offsetWithin, useScrollParent } from './scrollParent';
import type { CardActions } from './useVaultActions';

const CARD_MIN_WIDTH = 300;
const GAP = 16;
const ROW_ESTIMATE = 214;
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
  entries: PasswordEntry[];
  actions: CardActions;
}

/**
 * The cards in responsive rows, virtualised: only the rows near the viewport are in the DOM, so
 * 10,000 entries cost what 30 do. Scrolls with the window or with the layout's scrolling main area.
 */
export function PasswordGrid({ entries, actions }: PasswordGridProps) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const columns = columnsFor(useElementWidth(container));
  const rowCount = Math.ceil(entries.length / columns);
  const scroller = useScrollParent(container, rowCount);

  const renderRow = (row: number): ReactNode =>
    entries.slice(row * columns, row * columns + columns).map((entry, offset) => (
      <Box
        key={entry._id}
        role="listitem"
        aria-setsize={entries.length}
        aria-posinset={row * columns + offset + 1}
      >
        <PasswordCard entry={entry} actions={actions} />
      </Box>
    ));

  const rows = { rowCount, columns, container, renderRow };
  return (
    <Box
      ref={setContainer}
      role="list"
      aria-label="Passwords"
      sx={{ minHeight: scroller ? undefined : rowCount * (ROW_ESTIMATE + GAP) }}
    >
      {scroller instanceof Window && <WindowRows {...rows} />}
      {scroller instanceof HTMLElement && <ElementRows {...rows} scroller={scroller} />}
    </Box>
  );
}

interface RowsProps {
  rowCount: number;
  columns: number;
  container: HTMLElement | null;
  renderRow: (row: number) => ReactNode;
}

function WindowRows({ rowCount, columns, container, renderRow }: RowsProps) {
  const virtualizer = useWindowVirtualizer<HTMLDivElement>({
    count: rowCount,
    estimateSize: () => ROW_ESTIMATE,
    gap: GAP,
    overscan: OVERSCAN,
    scrollMargin: container ? offsetWithin(container, window) : 0,
  });
  return <Rows virtualizer={virtualizer} columns={columns} renderRow={renderRow} />;
}

function ElementRows({
  rowCount,
  columns,
  container,
  renderRow,
  scroller,
}: RowsProps & { scroller: HTMLElement }) {
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
  return <Rows virtualizer={virtualizer} columns={columns} renderRow={renderRow} />;
}

function Rows<TScroller extends HTMLElement | Window>({
  virtualizer,
  columns,
  renderRow,
}: {
  virtualizer: Virtualizer<TScroller, HTMLDivElement>;
  columns: number;
  renderRow: (row: number) => ReactNode;
}) {
  const margin = virtualizer.options.scrollMargin;
  return (
    <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((row) => (
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
