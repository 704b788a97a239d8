import { ActivityList } from './ActivityList';

/** Issue 15: one vault entry's access log (reveals, edits, ...), for the entry's own view. */
export function EntryActivityList({ entryId }: { entryId: string }) {
  return <ActivityList entryId={entryId} label="Entry activity" />;
}
