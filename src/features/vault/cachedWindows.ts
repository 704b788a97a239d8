// The Passwords page's windows as RTK Query's cache holds them: every window of one list (its filters)
// still cached, whether or not the page shows it now, so that rows keep their cards (and heights) for a
// while after they leave the view.
import type { PasswordListPage } from '../../common/wire';
import type { RootState } from '../../app/store';
import type { PasswordListFilters, WindowArg } from './vaultApi';

/** One cached window, as the cache holds it (the same object until it changes). */
export interface CachedWindow {
  status: string;
  originalArgs?: unknown;
  data?: unknown;
  error?: unknown;
  fulfilledTimeStamp?: number;
  endpointName?: string;
}

/** A text for a list's filters, the same for equal filters whatever the order of their keys. */
export function filtersKey(filters: PasswordListFilters): string {
  return JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
}

export const windowArgOf = (entry: CachedWindow) => entry.originalArgs as WindowArg;
export const pageOf = (entry: CachedWindow) => entry.data as PasswordListPage | undefined;

const NONE: CachedWindow[] = [];

/** Every cached window after the first of the list with these filters (by `filtersKey`). */
export function cachedWindowsOf(state: RootState, key: string): CachedWindow[] {
  const found: CachedWindow[] = [];
  for (const entry of Object.values(state.api.queries) as (CachedWindow | undefined)[]) {
    if (entry?.endpointName !== 'getPasswordWindow') continue;
    const arg = windowArgOf(entry);
    if (arg.index > 0 && filtersKey(arg.filters) === key) found.push(entry);
  }
  return found.length > 0 ? found : NONE;
}
