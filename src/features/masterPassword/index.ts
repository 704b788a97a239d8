// The master-password feature as other features see it: the prompt (a provider and its hook), the one
// hook that understands the server's answer to a master password, the status the dialogs show, and the
// unlock step for a paused account.
export { MasterPasswordPromptProvider } from './MasterPasswordPromptProvider';
export { useMasterPasswordPrompt, type MasterPasswordRequest } from './useMasterPasswordPrompt';
export {
  useMasterPasswordOutcome,
  useMasterPasswordStatus,
  type MasterPasswordFailure,
} from './useMasterPasswordOutcome';
export { UnlockPausedPanel } from './UnlockPausedPanel';
export { attemptsWarning } from './masterPasswordTexts';
export { masterPasswordSlice } from './masterPasswordSlice';
