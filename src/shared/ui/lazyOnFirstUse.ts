// A dialog's code loaded when it is first wanted, not with the page: a page that shows a closed dialog
// does not download, evaluate or render it for its first paint (npm run bench: first cards).
import { useEffect, useState } from 'react';

/** True from the first time `open` is true on: the dialog mounts then and stays (its closing animates). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

/** Loads `load` once the browser is idle after the first paint, so a first click rarely waits for it. */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    const preload = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, [load]);
}
