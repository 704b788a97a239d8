// A change made in one tab makes the same answers stale in this browser's other tabs: they share the
// session (the token in localStorage) but each has its own cache. A tab tells the others which cache tags
// its change made stale, over a BroadcastChannel, and they refetch those answers. It also tells them when
// their unlock windows ended under them ("Lock now" in this tab ends every window of the session), so
// they stop offering "Lock now" and hide what it let them decrypt. Only tag names, entry ids and that
// one fact travel: never a value, a password, a key or a token.
import type { UnknownAction } from '@reduxjs/toolkit';
import { CACHE_TAG_TYPES, type CacheTag, type CacheTagType } from './cacheTags';

interface StaleMessage {
  stale: CacheTag[];
}

interface UnlockWindowEndedMessage {
  unlockWindowEnded: true;
}

let channel: BroadcastChannel | null = null;

const isTagType = (value: unknown): value is CacheTagType =>
  typeof value === 'string' && (CACHE_TAG_TYPES as readonly string[]).includes(value);

function isCacheTag(value: unknown): value is CacheTag {
  if (isTagType(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const { type, id } = value as { type?: unknown; id?: unknown };
  return isTagType(type) && typeof id === 'string' && id.length <= 100;
}

/** The tags of a message another tab sent, or null for anything else (nothing is trusted unchecked). */
export function staleTagsOf(message: unknown): CacheTag[] | null {
  const stale = (message as Partial<StaleMessage> | null)?.stale;
  if (!Array.isArray(stale) || stale.length === 0 || stale.length > 20) return null;
  return stale.every(isCacheTag) ? stale : null;
}

function post(message: StaleMessage | UnlockWindowEndedMessage): void {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel (the tab is going away) has no one to tell.
  }
}

/** Tells this browser's other tabs that these answers are stale; nothing while no channel is open. */
export function announceToOtherTabs(stale: readonly CacheTag[]): void {
  if (stale.length > 0) post({ stale: [...stale] });
}

/** Tells this browser's other tabs that the unlock windows they may hold have ended ("Lock now"). */
export function announceUnlockWindowEnded(): void {
  post({ unlockWindowEnded: true });
}

const endsUnlockWindow = (message: unknown): boolean =>
  (message as Partial<UnlockWindowEndedMessage> | null)?.unlockWindowEnded === true;

/**
 * Opens this tab's channel (named after the app's address: two deployments on one origin do not mix)
 * and turns each message from another tab into `invalidate(tags)`, dispatched, or into
 * `onUnlockWindowEnded()`. Returns the closer.
 */
export function followOtherTabs(
  name: string,
  dispatch: (action: UnknownAction) => unknown,
  invalidate: (tags: CacheTag[]) => UnknownAction,
  onUnlockWindowEnded: () => void = () => undefined,
): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const opened = new BroadcastChannel(`passvault:${name}`);
  opened.onmessage = (event: MessageEvent) => {
    if (endsUnlockWindow(event.data)) {
      onUnlockWindowEnded();
      return;
    }
    const tags = staleTagsOf(event.data);
    if (tags) dispatch(invalidate(tags));
  };
  channel = opened;
  return () => {
    opened.close();
    if (channel === opened) channel = null;
  };
}
