import { useLocation } from 'react-router-dom';

/** The e-mail the previous step handed over in the router state (kept by the browser across a reload). */
export function useHandedOverEmail(): string | null {
  const state: unknown = useLocation().state;
  if (
    state &&
    typeof state === 'object' &&
    'email' in state &&
    typeof state.email === 'string' &&
    state.email
  ) {
    return state.email;
  }
  return null;
}
