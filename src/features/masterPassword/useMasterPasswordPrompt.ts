import { createContext, useContext } from 'react';
import type { MasterPasswordPurpose } from './masterPasswordSlice';

export interface MasterPasswordRequest {
  purpose: MasterPasswordPurpose;
  entryId?: string | null;
}

/**
 * Opens the master-password dialog; resolves with the master password once the server verified it,
 * or null when the user cancels or the attempts run out. The caller keeps it only for its own action,
 * sending it as the request's `masterPassword`.
 *
 * While the tab's unlock window is open (issue 15) it resolves at once, without a dialog, with a stand-in
 * (shared/api/vaultUnlock.ts's WINDOW_CREDENTIAL) that the caller sends exactly the same way: the base
 * query replaces it with the window's key. Callers need not know which of the two they hold.
 */
export type MasterPasswordPrompt = (request: MasterPasswordRequest) => Promise<string | null>;

export const MasterPasswordPromptContext = createContext<MasterPasswordPrompt | null>(null);

export function useMasterPasswordPrompt(): MasterPasswordPrompt {
  const prompt = useContext(MasterPasswordPromptContext);
  if (!prompt) throw new Error('useMasterPasswordPrompt needs a <MasterPasswordPromptProvider> above it');
  return prompt;
}
