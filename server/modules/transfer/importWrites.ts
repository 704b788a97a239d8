// An import's writes, in batches of one statement each, with progress reported every few batches. They
// all run in the caller's one transaction: a failure in any batch writes nothing. New entries are sealed
// on a worker thread a few batches ahead of the writes, so that sealing and the database's work overlap,
// and here as well whenever the batch to write next is not sealed yet (workers/inOrder.ts): both threads
// seal, and this one writes. The first batches start on the worker before the plan is made (sealAhead),
// while this thread reads the vault's entries to find duplicates. Entries the import overwrites are read
// and sealed the same way, a few batches ahead (entries.bulk overwriteEntries). On PostgreSQL other
// requests use this thread while it waits for the database (on SQLite their queries wait for the import's
// transaction, as they did before).
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
  WRITE_BATCH,
  type BulkKeys,
  type StoredNewRow,
} from '../vault/entries.bulk';
import type { ImportPlan } from './importPlan';
import { isRowError, type RowError } from './importRows';

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

/** Batches sealed before the plan is made: 4,000 entries, ~0.2 s of the worker's time. */
const EARLY_BATCHES = 8;

/** A batch of the file's valid rows, in order, being sealed on a worker before the plan was made. */
export interface EarlyBatch {
  entries: EntryContent[];
  rows: Promise<StoredNewRow[]>;
}

/**
 * Starts sealing the first EARLY_BATCHES batches of the file's valid rows on a worker of `pool`, while
 * this thread reads the vault's entries and plans. They are the plan's first new entries when the file
 * adds what the vault lacks, as most imports do; a batch the plan changed (a duplicate skipped or
 * updated) is sealed again then, and its early rows are dropped unwritten.
 */
export function sealAhead(
  pool: WorkerPool,
  keys: BulkKeys,
  userId: string,
  rows: (EntryContent | RowError)[],
  now: string,
): EarlyBatch[] {
  const valid = rows.filter((row): row is EntryContent => !isRowError(row));
  if (valid.length < SEAL_ON_WORKER_FROM) return [];
  return piecesOf(valid.slice(0, EARLY_BATCHES * WRITE_BATCH), WRITE_BATCH).map((entries, i) => {
    const sealed = sealNewEntries(pool, keys, userId, entries, now, i * WRITE_BATCH);
    // Dropped unawaited when the plan changed the batch, or when the import fails before its writes.
    sealed.catch(() => undefined);
    return { entries, rows: sealed };
  });
}

/** Whether `early` was sealed for exactly these entries: the same rows of the file, in order. */
function sealedFor(early: EarlyBatch, entries: EntryContent[]): boolean {
  return early.entries.length === entries.length && early.entries.every((entry, i) => entry === entries[i]);
}

/**
 * The early batches the plan's batches can take: those up to the first the plan changed. New entries'
 * ids are ordered by the import's time and then by their place in the plan (bulkCrypto newEntryRow),
 * whichever thread seals them, so they go to the end of the id index, and entries imported together
 * list in the file's order. An early batch was sealed for the places its plan batch has.
 */
function usableEarly(early: EarlyBatch[], batches: EntryContent[][]): EarlyBatch[] {
  const changed = early.findIndex((batch, i) => i >= batches.length || !sealedFor(batch, batches[i]));
  return changed === -1 ? early : early.slice(0, changed);
}

/** New entries first, then the overwritten ones; `early`: batches sealAhead started for this plan. */
export async function writePlan(
  trx: Db,
  pool: WorkerPool,
  userId: string,
  keys: BulkKeys,
  plan: ImportPlan,
  now: string,
  progress?: ImportProgress,
  early: EarlyBatch[] = [],
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
  const batches = piecesOf(plan.inserts, WRITE_BATCH);
  const sealed = usableEarly(early, batches);
  const seal = (sealer?: WorkerPool) => (i: number) =>
    sealed[i]?.rows ?? sealNewEntries(sealer, keys, userId, batches[i], now, i * WRITE_BATCH);
  const jobs = {
    onWorker: plan.inserts.length >= SEAL_ON_WORKER_FROM ? seal(pool) : undefined,
    here: seal(undefined),
  };
  for await (const rows of inOrder(batches.length, jobs, SEALED_AHEAD)) {
    await insertNewRows(trx, userId, rows);
    done += rows.length;
    await report(done === plan.inserts.length);
  }
  await overwriteEntries(trx, userId, keys, [...plan.updates], now, {
    pool,
    sealedAhead: SEALED_AHEAD,
    written: async (count) => {
      done += count;
      await report(done === total);
    },
  });
}
