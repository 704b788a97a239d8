// The list's order as this browser last saw it from the server, kept for the next reload of the
// Passwords page: app/earlyRequests.ts then asks for the first window together with the session and the
// preferences rather than after the preferences, one round trip sooner (npm run bench: first cards).
// A kept order the server no longer has costs one list request more on that reload, nothing else.
import {
  LIST_ORDER_STORAGE_KEY,
  listOrderForStorage,
  listOrderFromStorage,
  type ListOrder,
} from '../../common/listOrder';

/**
 * The order kept here, the defaults if none: what the list shows when the preferences cannot be fetched
 * (the order the person last saw in this browser is a better guess than the defaults).
 */
export function keptListOrder(): ListOrder {
  try {
    return listOrderFromStorage(window.localStorage.getItem(LIST_ORDER_STORAGE_KEY));
  } catch {
    return listOrderFromStorage(null);
  }
}

/** Keeps what `change` says of the order (a whole preferences answer, or a saved change). */
export function rememberListOrder(change: Partial<ListOrder>): void {
  if (change.listSort === undefined && change.favoritesFirst === undefined) return;
  try {
    const kept = listOrderFromStorage(window.localStorage.getItem(LIST_ORDER_STORAGE_KEY));
    const order = { ...kept, ...definedOf(change) };
    window.localStorage.setItem(LIST_ORDER_STORAGE_KEY, listOrderForStorage(order));
  } catch {
    // Storage full or refused (a private window's quota): the next reload waits for the preferences.
  }
}

function definedOf(change: Partial<ListOrder>): Partial<ListOrder> {
  return {
    ...(change.listSort === undefined ? {} : { listSort: change.listSort }),
    ...(change.favoritesFirst === undefined ? {} : { favoritesFirst: change.favoritesFirst }),
  };
}
