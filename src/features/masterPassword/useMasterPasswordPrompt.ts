import { createContext, useContext } from 'react';
import type { MasterPasswordPurpose } from './masterPasswordSlice';

export interface MasterPasswordRequest {
  purpose: MasterPasswordPurpose;
  entryId?: string | null;
}

/**
 * Opens the master-password dialog; resolves with the master password once the server verified it,
 * or null when the user cancels or the attempts run out. The caller keeps it only for its own action.
 */
export type MasterPasswordPrompt = (request: MasterPasswordRequest) => Promise<string | null>;

export const MasterPasswordPromptContext = createContext<MasterPasswordPrompt | null>(null);

export function useMasterPasswordPrompt(): MasterPasswordPrompt {
  const prompt = useContext(MasterPasswordPromptContext);
  if (!prompt) throw new Error('useMasterPasswordPrompt needs a <MasterPasswordPromptProvider> above it');
  return prompt;
}
