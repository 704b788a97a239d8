import { useLocation } from 'react-router-dom';
import type { PendingRegistration, RegistrationDraft } from './authTypes';

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

/** The registration the previous step handed over: its e-mail and the handle only this browser holds. */
export function useHandedOverRegistration(): PendingRegistration | null {
  const state: unknown = useLocation().state;
  const email = useHandedOverEmail();
  if (!email || !state || typeof state !== 'object' || !('registrationId' in state)) return null;
  const { registrationId } = state;
  return typeof registrationId === 'string' && registrationId ? { email, registrationId } : null;
}

/** The registration form's values without its passwords, handed over by /register or back to it. */
export function useHandedOverDraft(): RegistrationDraft | null {
  const state: unknown = useLocation().state;
  if (!state || typeof state !== 'object' || !('draft' in state)) return null;
  const { draft } = state;
  if (!draft || typeof draft !== 'object') return null;
  const text = (key: keyof RegistrationDraft) => {
    const value: unknown = (draft as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : '';
  };
  const invite = text('invite');
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    ...(invite ? { invite } : {}),
  };
}
