// An import's writes, in slices of a few batch statements each, so that the caller can report progress
// between them. They all run in the caller's one transaction: a failure in any slice writes nothing.
import type { Db } from '../../db/database';
import type { EntryContent } from '../../../src/common/wire';
import { writeEntries, type EntryKeys, type EntryWrites } from '../vault/entries.bulk';
import type { ImportPlan } from './importPlan';

/** Entries per slice: four statements of 500 rows. */
export const PROGRESS_SLICE = 2000;

export interface ImportProgress {
  /** The plan is made: `total` entries (new and overwritten) are about to be written. */
  started(total: number): void;
  /** `done` of `total` are written, not yet committed. */
  written(done: number, total: number): void;
}

/**
 * SQLite's driver answers synchronously: without a turn of the event loop between slices the whole
 * import is one run of microtasks, and no progress line leaves the process before the last one.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const slicesOf = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / PROGRESS_SLICE) }, (_, i) =>
    items.slice(i * PROGRESS_SLICE, (i + 1) * PROGRESS_SLICE),
  );

/** New entries first, then the overwritten ones (the order writeEntries keeps for a whole plan). */
export async function writePlan(
  trx: Db,
  userId: string,
  keys: EntryKeys,
  plan: ImportPlan,
  now: string,
  progress?: ImportProgress,
): Promise<void> {
  const total = plan.inserts.length + plan.updates.size;
  progress?.started(total);
  await nextTurn();
  let done = 0;
  const writes: EntryWrites[] = [
    ...slicesOf(plan.inserts).map((inserts) => ({ inserts, updates: new Map<string, EntryContent>() })),
    ...slicesOf([...plan.updates]).map((updates) => ({ inserts: [], updates: new Map(updates) })),
  ];
  for (const slice of writes) {
    await writeEntries(trx, userId, keys, slice, now);
    done += slice.inserts.length + slice.updates.size;
    progress?.written(done, total);
    await nextTurn();
  }
}
