// The vault in bulk, for export and import (the transfer module): every entry decrypted with an unlocked
// key, and many entries written in batches inside the caller's transaction, each secret sealed for its
// owner, entry and field as a single save would.
import type { EntryContent, ExportedEntry } from '../../../src/common/wire';
import { newId } from '../../crypto/tokens';
import { openSecrets, sealSecrets, toPasswordEntry } from './passwords.service';
import * as repo from './vault.repository';
import type { EntryIdentity, Executor, NewPasswordRow } from './vault.repository';

export type { EntryIdentity };

/** Every entry of the user, oldest first, with its secrets decrypted. */
export async function exportEntries(
  db: Executor,
  userId: string,
  vaultKey: Buffer,
): Promise<ExportedEntry[]> {
  const rows = await repo.listEntriesWithSecrets(db, userId);
  return rows.map((row) => {
    const { _id: _unused, ...entry } = toPasswordEntry(row);
    return { ...entry, ...openSecrets(vaultKey, row) };
  });
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
  vaultKey: Buffer,
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
      ...sealSecrets(vaultKey, userId, id, entry),
      created_at: createdAt,
      updated_at: entry.updatedAt ?? createdAt,
    };
  };
  for (const batch of chunks(writes.inserts)) await repo.insertBatch(trx, batch.map(newRow));
  for (const batch of chunks([...writes.updates])) {
    const updates = batch.map(([id, entry]) => ({
      id,
      ...storedFields(entry),
      ...sealSecrets(vaultKey, userId, id, entry),
      updated_at: now,
    }));
    await repo.updateBatch(trx, userId, updates);
  }
}
