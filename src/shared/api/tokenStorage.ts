// The bearer token lives in localStorage under the key `token` (SPEC section 3), never in the Redux store.
import { STORAGE_KEYS } from '../../common/constants';

export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

export function setStoredToken(token: string): void {
  window.localStorage.setItem(STORAGE_KEYS.token, token);
}

export function removeStoredToken(): void {
  window.localStorage.removeItem(STORAGE_KEYS.token);
}
