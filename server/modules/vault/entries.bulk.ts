// The vault in bulk, for export and import (the transfer module): the owner's rows read a window at a
// time, and many entries written in batches inside the caller's transaction, each secret sealed for its
// owner, entry and field as a single save would. The sealing and opening of many entries, CPU work,
// run on worker threads (bulkCrypto.ts); the database work stays on the main thread.
import type { EntryContent } from '../../../src/common/wire';
import { keyForTask, runHere, type WorkerPool } from '../../workers/workerPool';
import { inOrder } from '../../workers/inOrder';
import {
  SEAL_ENTRY_ROWS,
  SEAL_OVERWRITES,
  sealEntryRows,
  sealOverwrites,
  type BulkKeys,
  type Overwrite,
  type SealedOverwrites,
} from './bulkCrypto';
import type { EntryKeys } from './entrySecrets';
import { fingerprintKey } from './health';
import * as repo from './vault.repository';
import type { EntryIdentity, Executor, StoredNewRow } from './vault.repository';

export type { BulkKeys, EntryIdentity, EntryKeys, StoredNewRow };
export type { ExportedRow } from './vault.repository';

/** Entries per read of an export: only this many are decrypted and held at a time. */
export const EXPORT_WINDOW = 500;

/**
 * Every entry of the user, oldest first, still sealed, one window at a time, so the vault is never held
 * in memory whole (bulkCrypto's decryptedEntry opens a row). The reads share one snapshot where
 * the database allows it (vault.repository `openExportReader`), released when the generator ends,
 * fails or is closed early by `return()`.
 */
export async function* exportRowWindows(
  db: Executor,
  userId: string,
  size: number = EXPORT_WINDOW,
): AsyncGenerator<repo.ExportedRow[], void, undefined> {
  const reader = await repo.openExportReader(db);
  try {
    let after: repo.ListPosition | undefined;
    for (;;) {
      const rows = await repo.listEntriesWithSecretsAfter(reader.db, userId, after, size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: last.id };
    }
  } finally {
    await reader.close();
  }
}

/**
 * What duplicate detection compares, for every entry of the user, oldest first; inside the caller's
 * transaction, which takes the vault's lock first: until it commits, no other write (the same file
 * imported twice at once, say) adds an entry the check has not seen.
 */
export async function lockedEntryIdentities(trx: Executor, userId: string): Promise<EntryIdentity[]> {
  await repo.lockVaultKeyRow(trx, userId);
  return repo.listEntryIdentities(trx, userId);
}

/** Entries per statement of a bulk write: a task of the import's sealing makes one such batch. */
export const WRITE_BATCH = repo.BATCH_SIZE;

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += repo.BATCH_SIZE) {
    result.push(items.slice(start, start + repo.BATCH_SIZE));
  }
  return result;
}

/**
 * Runs `work` with the keys of a bulk write: the reuse-fingerprint key is derived once for all of its
 * entries (HKDF costs as much as the rest of a row) and wiped when the work ends.
 */
export async function withBulkKeys<T>(keys: EntryKeys, work: (keys: BulkKeys) => Promise<T>): Promise<T> {
  const fingerprint = keys.fingerprint ?? fingerprintKey(keys.vault);
  try {
    return await work({ ...keys, fingerprint });
  } finally {
    if (!keys.fingerprint) fingerprint.fill(0);
  }
}

/** Before an import reads its file: the thread that will seal its entries starts meanwhile. */
export function prepareSealing(pool: WorkerPool): void {
  pool.warm(SEAL_ENTRY_ROWS).catch(() => undefined);
}

/** Copies of a bulk write's keys for one task, which wipes them (moved to a worker, never shared). */
function keyCopies(keys: BulkKeys) {
  return {
    vault: keyForTask(keys.vault),
    server: keyForTask(keys.server),
    fingerprint: keyForTask(keys.fingerprint),
  };
}

const transferredKeys = (copies: ReturnType<typeof keyCopies>) => [
  copies.vault.buffer,
  copies.server.buffer,
  copies.fingerprint.buffer,
];

/** Fewer new entries than this are sealed on the main thread: handing them over would cost more. */
export const SEAL_ON_WORKER_FROM = 1000;

/**
 * The rows of new entries, made (ids, sealed secrets, health, derived columns) on a worker thread of
 * `pool`, or here without one. `firstPosition`: the place of `entries[0]` among all the new entries of
 * the write, which orders their ids (bulkCrypto newEntryRow). The keys go as copies, which the sealing
 * wipes.
 */
export function sealNewEntries(
  pool: WorkerPool | undefined,
  keys: BulkKeys,
  userId: string,
  entries: EntryContent[],
  now: string,
  firstPosition: number,
): Promise<StoredNewRow[]> {
  const copies = keyCopies(keys);
  const input = { keys: copies, userId, now, entries, firstPosition, batchSize: repo.BATCH_SIZE };
  if (!pool) return runHere(sealEntryRows, input);
  return pool.run(SEAL_ENTRY_ROWS, input, transferredKeys(copies));
}

/** Inserts the rows of new entries in batches; run inside the caller's transaction. */
export async function insertNewRows(trx: Executor, userId: string, rows: StoredNewRow[]): Promise<void> {
  await repo.lockVaultKeyRow(trx, userId);
  for (const batch of chunks(rows)) await repo.insertBatch(trx, batch);
}

/**
 * The rows of entries an import overwrites (one batch; `current` as the vault holds them now), sealed on
 * a worker thread of `pool`, or here without one, as sealNewEntries.
 */
function sealOverwriteBatch(
  pool: WorkerPool | undefined,
  keys: BulkKeys,
  userId: string,
  overwrites: Overwrite[],
  now: string,
): Promise<SealedOverwrites> {
  const copies = keyCopies(keys);
  const input = { keys: copies, userId, now, overwrites };
  if (!pool) return runHere(sealOverwrites, input);
  return pool.run(SEAL_OVERWRITES, input, transferredKeys(copies));
}

/**
 * Overwrites existing entries (by id) in batches, each replaced password kept in the entry's history as
 * an edit's would be; run inside the caller's transaction. With a `pool` (and enough entries to be worth
 * handing over), up to `sealedAhead` next batches are read and sealed on its worker while this thread
 * writes one (workers/inOrder.ts); a batch's reads touch only its own entries, which no earlier batch
 * changes. `written` hears how many entries each batch wrote.
 */
export async function overwriteEntries(
  trx: Executor,
  userId: string,
  keys: BulkKeys,
  overwrites: [string, EntryContent][],
  now: string,
  options: { pool?: WorkerPool; sealedAhead?: number; written?: (count: number) => Promise<void> } = {},
): Promise<void> {
  await repo.lockVaultKeyRow(trx, userId);
  const batches = chunks(overwrites);
  const seal = (sealer?: WorkerPool) => async (i: number) => {
    const batch = batches[i];
    const current = await repo.findPasswordsOf(
      trx,
      userId,
      batch.map(([id]) => id),
    );
    const before = new Map(current.map((row) => [row.id, row]));
    const items = batch.map(([id, entry]) => ({ id, entry, current: before.get(id) ?? null }));
    return sealOverwriteBatch(sealer, keys, userId, items, now);
  };
  const { pool } = options;
  const jobs = {
    onWorker: pool && overwrites.length >= SEAL_ON_WORKER_FROM ? seal(pool) : undefined,
    here: seal(undefined),
  };
  for await (const sealed of inOrder(batches.length, jobs, options.sealedAhead ?? 1)) {
    await repo.updateBatch(trx, userId, sealed.updates);
    await repo.insertHistory(trx, userId, sealed.history);
    await options.written?.(sealed.updates.length);
  }
}

/** Rows written at once after which the planner's statistics are refreshed (~0.1 s on PostgreSQL). */
const LARGE_WRITE = 1000;

/** After a committed bulk write of `rows` entries: keeps the planner's picture of the vault current. */
export async function afterBulkWrite(db: Executor, rows: number): Promise<void> {
  if (rows >= LARGE_WRITE) await repo.refreshStatistics(db);
}
