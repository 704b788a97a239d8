// The list's order as this browser last saw it (localStorage `listOrder`), so that a reload of the
// Passwords page asks for its first window at once, beside the preferences, instead of after them
// (issue 12). Kept by the settings feature (features/settings/rememberedListOrder.ts); read by a
// reload's early requests (app/earlyRequests.ts) and, when the preferences cannot be fetched, by the
// page. Only the order, nothing of the vault; like the theme, it stays after sign-out.
import { listOrderOf, type ListOrder } from '../../common/listOrder';

export const LIST_ORDER_STORAGE_KEY = 'listOrder';

/** The kept order; the defaults when none is kept, it is malformed, or storage is refused. */
export function keptListOrder(): ListOrder {
  try {
    const saved = window.localStorage.getItem(LIST_ORDER_STORAGE_KEY);
    return listOrderOf(saved === null ? null : JSON.parse(saved));
  } catch {
    return listOrderOf(null);
  }
}

/** Keeps `order`; nothing when storage refuses it (the next reload then waits for the preferences). */
export function keepListOrder({ listSort, favoritesFirst }: ListOrder): void {
  try {
    window.localStorage.setItem(LIST_ORDER_STORAGE_KEY, JSON.stringify({ listSort, favoritesFirst }));
  } catch {
    // Storage full or refused (a private window's quota).
  }
}
