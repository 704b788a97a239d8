// A dialog's code loaded when it is first wanted, not with the page: a page that shows a closed dialog
// does not download, evaluate or render it for its first paint (npm run bench: first cards).
import { useCallback, useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import { UNREACHABLE } from '../api/errorText';

/** True from the first time `open` is true on: the dialog mounts then and stays (its closing animates). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

/**
 * Fetches code ahead of its first use. A failure is not reported here: the opening asks again
 * (useCodeBeforeOpening) and says so then.
 */
export function prefetchCode(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/** Loads `load` once the browser is idle after the first paint, so a first click rarely waits for it. */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    const preload = () => prefetchCode(load);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, [load]);
}

/**
 * Answers whether a dialog's code is there, fetching it first when it is not. Rendered without it, a
 * dialog whose download failed (offline before it was ever fetched) throws to the route's error view,
 * which replaces the page until the network is back; asked first, nothing opens, a toast says why, the
 * page stays as it was, and the next try fetches the code again.
 */
export function useCodeBeforeOpening(load: () => Promise<unknown>): () => Promise<boolean> {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(async () => {
    try {
      await load();
      return true;
    } catch {
      enqueueSnackbar(UNREACHABLE, { variant: 'error', preventDuplicate: true });
      return false;
    }
  }, [enqueueSnackbar, load]);
}
