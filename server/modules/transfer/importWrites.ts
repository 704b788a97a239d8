// An import's writes, in batches of one statement each, with progress reported every few batches. They
// all run in the caller's one transaction: a failure in any batch writes nothing. New entries are sealed
// on a worker thread a few batches ahead of the writes, so that sealing and the database's work overlap,
// and here as well whenever the batch to write next is not sealed yet (workers/inOrder.ts): both threads
// seal, and this one writes. On PostgreSQL other requests use this thread while it waits for the
// database (on SQLite their queries wait for the import's transaction, as they did before).
import type { Db } from '../../db/database';
import { nextTurn } from '../../db/nextTurn';
import type { EntryContent } from '../../../src/common/wire';
import { inOrder } from '../../workers/inOrder';
import type { WorkerPool } from '../../workers/workerPool';
import {
  insertNewRows,
  overwriteEntries,
  SEAL_ON_WORKER_FROM,
  sealNewEntries,
  withBulkKeys,
  WRITE_BATCH,
  type EntryKeys,
} from '../vault/entries.bulk';
import type { ImportPlan } from './importPlan';

/** Entries between progress lines: four statements of 500 rows. */
export const PROGRESS_SLICE = 2000;
/** Batches on the worker at most, sealed ahead of the one being written: one slice. */
const SEALED_AHEAD = PROGRESS_SLICE / WRITE_BATCH;

export interface ImportProgress {
  /** The plan is made: `total` entries (new and overwritten) are about to be written. */
  started(total: number): void;
  /** `done` of `total` are written, not yet committed. */
  written(done: number, total: number): void;
}

const piecesOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

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
  let reported = 0;
  /**
   * After every slice of entries and at the end of each kind of write, a line and a turn of the loop:
   * without it no progress line would leave the process before the last one (nextTurn.ts).
   */
  const report = async (force: boolean) => {
    if (done === reported || (!force && done - reported < PROGRESS_SLICE)) return;
    reported = done;
    progress?.written(done, total);
    await nextTurn();
  };
  await withBulkKeys(entryKeys, async (keys) => {
    const batches = piecesOf(plan.inserts, WRITE_BATCH);
    const seal = (sealer?: WorkerPool) => (i: number) =>
      sealNewEntries(sealer, keys, userId, batches[i] as EntryContent[], now);
    const jobs = {
      onWorker: plan.inserts.length >= SEAL_ON_WORKER_FROM ? seal(pool) : undefined,
      here: seal(undefined),
    };
    for await (const rows of inOrder(batches.length, jobs, SEALED_AHEAD)) {
      await insertNewRows(trx, userId, rows);
      done += rows.length;
      await report(done === plan.inserts.length);
    }
    for (const overwrites of piecesOf([...plan.updates], PROGRESS_SLICE)) {
      await overwriteEntries(trx, userId, keys, overwrites, now);
      done += overwrites.length;
      await report(true);
    }
  });
}
