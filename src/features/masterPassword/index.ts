// The master-password feature as other features see it: the prompt (a provider and its hook), the one
// hook that understands the server's answer to a master password, the status the dialogs show, the
// unlock step for a paused account, and the tab's unlock window (issue 15: its end and "Lock now").
export { MasterPasswordPromptProvider } from './MasterPasswordPromptProvider';
export { useMasterPasswordPrompt, type MasterPasswordRequest } from './useMasterPasswordPrompt';
export {
  useMasterPasswordOutcome,
  useMasterPasswordStatus,
  type MasterPasswordFailure,
} from './useMasterPasswordOutcome';
export { UnlockPausedPanel } from './UnlockPausedPanel';
export { useUnlockWindow, useWhenUnlockWindowCloses, type UnlockWindow } from './useUnlockWindow';
export { attemptsWarning } from './masterPasswordTexts';
export { masterPasswordSlice } from './masterPasswordSlice';
