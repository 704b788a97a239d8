// The vault in bulk, for export and import (the transfer module): every entry decrypted with an unlocked
// key, and many entries written in batches inside the caller's transaction, each secret sealed for its
// owner, entry and field as a single save would.
import type { EntryContent, ExportedEntry } from '../../../src/common/wire';
import { newId } from '../../crypto/tokens';
import { openPassword, openSecrets, sealSecrets, type EntryKeys } from './entrySecrets';
import { fingerprintKey } from './health';
import { historyRows, type ReplacedPassword } from './history.service';
import { plainFieldsOf } from './passwords.service';
import * as repo from './vault.repository';
import type { EntryIdentity, Executor, NewPasswordRow } from './vault.repository';

export type { EntryIdentity, EntryKeys };

/** Entries per read of an export: only this many are decrypted and held at a time. */
export const EXPORT_WINDOW = 500;

/** A row with its secrets opened, as an export writes it (the key order is the file's). */
export function decryptedEntry(vaultKey: Buffer, row: repo.ExportedRow): ExportedEntry {
  return { ...plainFieldsOf(row), ...openSecrets(vaultKey, row) };
}

/**
 * Every entry of the user, oldest first, with its secrets decrypted, one window at a time, so the vault
 * is never held in memory whole. The reads share one snapshot where
 * the database allows it (vault.repository `openExportReader`), released when the generator ends,
 * fails or is closed early by `return()`.
 */
export async function* exportEntryWindows(
  db: Executor,
  userId: string,
  vaultKey: Buffer,
  size: number = EXPORT_WINDOW,
): AsyncGenerator<ExportedEntry[], void, undefined> {
  const reader = await repo.openExportReader(db);
  try {
    let after: repo.ListPosition | undefined;
    for (;;) {
      const rows = await repo.listEntriesWithSecretsAfter(reader.db, userId, after, size);
      if (rows.length > 0) yield rows.map((row) => decryptedEntry(vaultKey, row));
      if (rows.length < size) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: last.id };
    }
  } finally {
    await reader.close();
  }
}

/** What duplicate detection compares, for every entry of the user, oldest first. */
export function entryIdentities(db: Executor, userId: string): Promise<EntryIdentity[]> {
  return repo.listEntryIdentities(db, userId);
}

export interface EntryWrites {
  inserts: EntryContent[];
  /** Existing entries to overwrite, by id. */
  updates: Map<string, EntryContent>;
}

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += repo.BATCH_SIZE) {
    result.push(items.slice(start, start + repo.BATCH_SIZE));
  }
  return result;
}

/** The plain columns of an entry as the vault stores them. */
function storedFields(entry: EntryContent) {
  return {
    title: entry.title,
    email: entry.email,
    username: entry.username,
    website: entry.website,
    category: entry.category,
    is_favorite: entry.isFavorite ? 1 : 0,
    tags: JSON.stringify(entry.tags),
  };
}

/** Writes new and overwritten entries in batches; run inside the caller's transaction. */
export async function writeEntries(
  trx: Executor,
  userId: string,
  entryKeys: EntryKeys,
  writes: EntryWrites,
  now: string,
): Promise<void> {
  await repo.lockVaultKeyRow(trx, userId);
  // One derivation of the fingerprint key for the whole batch (HKDF costs as much as the rest of a row).
  const keys = { ...entryKeys, fingerprint: entryKeys.fingerprint ?? fingerprintKey(entryKeys.vault) };
  try {
    await writeBatches(trx, userId, keys, writes, now);
  } finally {
    if (!entryKeys.fingerprint) keys.fingerprint.fill(0);
  }
}

async function writeBatches(
  trx: Executor,
  userId: string,
  keys: EntryKeys,
  writes: EntryWrites,
  now: string,
): Promise<void> {
  const newRow = (entry: EntryContent): NewPasswordRow => {
    const id = newId();
    const createdAt = entry.createdAt ?? now;
    return {
      id,
      user_id: userId,
      ...storedFields(entry),
      ...sealSecrets(keys, userId, id, entry),
      // The file's last change is the best known time the password was set.
      password_changed_at: entry.updatedAt ?? createdAt,
      created_at: createdAt,
      updated_at: entry.updatedAt ?? createdAt,
    };
  };
  for (const batch of chunks(writes.inserts)) await repo.insertBatch(trx, batch.map(newRow));
  for (const batch of chunks([...writes.updates])) {
    // An overwritten password goes to the entry's history, as an edit's would.
    const current = await repo.findPasswordsOf(
      trx,
      userId,
      batch.map(([id]) => id),
    );
    const before = new Map(current.map((row) => [row.id, row]));
    const replaced: ReplacedPassword[] = [];
    const updates = batch.map(([id, entry]) => {
      const row = before.get(id);
      const previous = row ? openPassword(keys.vault, row) : null;
      const changed = previous !== entry.password;
      if (changed && previous !== null) {
        replaced.push({ userId, entryId: id, password: previous, now });
      }
      return {
        id,
        ...storedFields(entry),
        ...sealSecrets(keys, userId, id, entry),
        password_changed_at: changed ? now : (row?.password_changed_at ?? now),
        updated_at: now,
      };
    });
    await repo.updateBatch(trx, userId, updates);
    await repo.insertHistory(trx, userId, historyRows(keys.vault, replaced));
  }
}

/** Rows written at once from which the database's statistics are refreshed (a few ms on PostgreSQL). */
const LARGE_WRITE = 1000;

/** After a committed bulk write of `rows` entries: keeps the planner's picture of the vault current. */
export async function afterBulkWrite(db: Executor, rows: number): Promise<void> {
  if (rows >= LARGE_WRITE) await repo.refreshStatistics(db);
}
