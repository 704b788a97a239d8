// How far the running import is, for the dialog's progress bar. Kept outside Redux: it changes many
// times a second while a file uploads, it is nobody's state but the bar's, and it ends with the request.
import { useSyncExternalStore } from 'react';
import type { ImportStage } from './importRequest';

let current: ImportStage | null = null;
const listeners = new Set<() => void>();

/** The import's latest stage; null once it has ended. */
export function setImportStage(stage: ImportStage | null): void {
  current = stage;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

export function useImportStage(): ImportStage | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
