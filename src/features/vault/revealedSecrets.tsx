// What a reveal decrypted, per entry: React state of the Passwords page, never Redux, never the RTK Query
// cache. Kept above the virtualised list (cards come and go while scrolling) and wiped when the page goes
// or the tab's unlock window closes (Lock now, its end).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { CustomField, RevealedPasswordEntry } from '../../common/wire';
import { useWhenUnlockWindowCloses } from '../masterPassword';

/**
 * The secrets of one revealed entry: its password, its notes, its TOTP as stored ('' for none), every
 * custom field. One reveal for the card and the detail panel (which alone shows the notes).
 */
export interface RevealedSecrets {
  password: string;
  notes: string;
  totp: string;
  fields: CustomField[];
}

/** What the page keeps of a `POST /passwords/{id}/view` answer. */
export function revealedSecretsOf(entry: RevealedPasswordEntry): RevealedSecrets {
  return {
    password: entry.password,
    notes: entry.notes ?? '',
    totp: entry.totp ?? '',
    fields: (entry.fields ?? []).map(({ name, value, hidden }) => ({ name, value, hidden })),
  };
}

export class SecretStore {
  private readonly secrets = new Map<string, RevealedSecrets>();
  private readonly listeners = new Set<() => void>();

  get = (id: string): RevealedSecrets | undefined => this.secrets.get(id);

  set(id: string, secrets: RevealedSecrets): void {
    this.secrets.set(id, secrets);
    this.emit();
  }

  delete(id: string): void {
    if (this.secrets.delete(id)) this.emit();
  }

  clear(): void {
    if (this.secrets.size === 0) return;
    this.secrets.clear();
    this.emit();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}

const SecretStoreContext = createContext<SecretStore | null>(null);

export function RevealedSecretsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new SecretStore());
  useEffect(() => () => store.clear(), [store]);
  useWhenUnlockWindowCloses(useCallback(() => store.clear(), [store]));
  return <SecretStoreContext.Provider value={store}>{children}</SecretStoreContext.Provider>;
}

/** The page's store, or null outside the Passwords page (the dashboard's editor reveals nothing). */
export function useOptionalSecretStore(): SecretStore | null {
  return useContext(SecretStoreContext);
}

export function useSecretStore(): SecretStore {
  const store = useContext(SecretStoreContext);
  if (!store) throw new Error('useSecretStore needs a <RevealedSecretsProvider> above it');
  return store;
}

/** The decrypted secrets of one entry while it is revealed; only that card re-renders on change. */
export function useRevealedSecrets(id: string): RevealedSecrets | undefined {
  const store = useSecretStore();
  return useSyncExternalStore(store.subscribe, () => store.get(id));
}
