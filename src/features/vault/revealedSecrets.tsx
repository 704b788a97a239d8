// Decrypted passwords of revealed entries: React state of the Passwords page, never Redux.
// Kept above the virtualised list (cards come and go while scrolling) and wiped when the page goes.
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

export class SecretStore {
  private readonly secrets = new Map<string, string>();
  private readonly listeners = new Set<() => void>();

  get = (id: string): string | undefined => this.secrets.get(id);

  set(id: string, secret: string): void {
    this.secrets.set(id, secret);
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
  return <SecretStoreContext.Provider value={store}>{children}</SecretStoreContext.Provider>;
}

export function useSecretStore(): SecretStore {
  const store = useContext(SecretStoreContext);
  if (!store) throw new Error('useSecretStore needs a <RevealedSecretsProvider> above it');
  return store;
}

/** The decrypted password of one entry while it is revealed; only that card re-renders on change. */
export function useRevealedSecret(id: string): string | undefined {
  const store = useSecretStore();
  return useSyncExternalStore(store.subscribe, () => store.get(id));
}
