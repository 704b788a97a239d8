// The list's order as this browser last saw it from the server, kept for the next reload of the
// Passwords page (shared/api/listOrderStorage.ts): app/earlyRequests.ts then asks for the first window
// together with the session and the preferences rather than after the preferences, one round trip
// sooner (npm run bench: first cards). A kept order the server no longer has costs one list request more
// on that reload, nothing else.
import type { ListOrder } from '../../common/listOrder';
import { keepListOrder, keptListOrder } from '../../shared/api/listOrderStorage';

/** Keeps what `change` says of the order (a whole preferences answer, or a saved change). */
export function rememberListOrder(change: Partial<ListOrder>): void {
  if (change.listSort === undefined && change.favoritesFirst === undefined) return;
  keepListOrder({ ...keptListOrder(), ...definedOf(change) });
}

function definedOf(change: Partial<ListOrder>): Partial<ListOrder> {
  return {
    ...(change.listSort === undefined ? {} : { listSort: change.listSort }),
    ...(change.favoritesFirst === undefined ? {} : { favoritesFirst: change.favoritesFirst }),
  };
}
