import { useEffect, useEffectEvent } from 'react';
import { LIST_WINDOW_SIZE } from '../../common/limits';

/**
 * How close the rendered cards may come to the last loaded entry before the next window is asked for:
 * half a window, several screens ahead of the reader. A first visit then costs one window, not two.
 */
export const READ_AHEAD = LIST_WINDOW_SIZE / 2;

/**
 * Calls `onNearEnd` while the last rendered entry (an index into the whole list) is within READ_AHEAD
 * of the loaded ones' end: at each new rendered range and each time the loaded entries change (a window
 * arrived, the list was refetched), so a scrollbar dragged far down loads window after window. A window
 * that failed changes neither, so it is asked for again only once the reader scrolls.
 */
export function useNearEnd(
  lastRendered: number,
  entries: readonly unknown[],
  size: number,
  onNearEnd: (() => void) | undefined,
): void {
  const loaded = entries.length;
  const near = lastRendered >= 0 && loaded < size && lastRendered >= loaded - READ_AHEAD;
  const request = useEffectEvent(() => onNearEnd?.());
  useEffect(() => {
    if (near) request();
  }, [near, lastRendered, entries]);
}
