// An import's writes, in slices of a few batch statements each, so that the caller can report progress
// between them. They all run in the caller's one transaction: a failure in any slice writes nothing.
// New entries are sealed on a worker thread a slice ahead of the writes, so that sealing and the
// database's work overlap, and other requests are not held up while a large import computes.
import type { Db } from '../../db/database';
import type { EntryContent } from '../../../src/common/wire';
import type { WorkerPool } from '../../workers/workerPool';
import {
  insertNewRows,
  overwriteEntries,
  sealNewEntriesOnWorker,
  withBulkKeys,
  type EntryKeys,
} from '../vault/entries.bulk';
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

/** New entries first, then the overwritten ones. */
export async function writePlan(
  trx: Db,
  pool: WorkerPool,
  userId: string,
  entryKeys: EntryKeys,
  plan: ImportPlan,
  now: string,
  progress?: ImportProgress,
): Promise<void> {
  const total = plan.inserts.length + plan.updates.size;
  progress?.started(total);
  await nextTurn();
  let done = 0;
  const wrote = async (count: number) => {
    done += count;
    progress?.written(done, total);
    await nextTurn();
  };
  await withBulkKeys(entryKeys, async (keys) => {
    const seal = (entries: EntryContent[]) => {
      const rows = sealNewEntriesOnWorker(pool, keys, userId, entries, now);
      // Awaited in turn, or dropped when an earlier slice failed: never an unhandled rejection.
      rows.catch(() => undefined);
      return rows;
    };
    const inserts = slicesOf(plan.inserts);
    let sealing = inserts.length > 0 ? seal(inserts[0]) : undefined;
    for (let i = 1; sealing; i += 1) {
      const rows = await sealing;
      sealing = i < inserts.length ? seal(inserts[i]) : undefined;
      await insertNewRows(trx, userId, rows);
      await wrote(rows.length);
    }
    for (const overwrites of slicesOf([...plan.updates])) {
      await overwriteEntries(trx, userId, keys, overwrites, now);
      await wrote(overwrites.length);
    }
  });
}
