// The vault in bulk, its CPU part: what worker threads run for the transfer module (workers/workerPool.ts),
// and the main thread too where it writes a few entries. It touches no database and imports nothing
// that does, so that a worker loads little.
import type { EntryContent, ExportedEntry } from '../../../src/common/wire';
import { newOrderedId, ORDERED_ID_PLACES } from '../../crypto/tokens';
import { defineTask, keyInTask } from '../../workers/workerPool';
import {
  historyRows,
  openPassword,
  openSecrets,
  sealSecrets,
  type EntryKeys,
  type ReplacedPassword,
} from './entrySecrets';
import { plainFieldsOf } from './listedEntry';
import { fingerprintCounts, storedRow, type NewPasswordRow, type StoredNewRow } from './storedRows';
import type { EntryUpdate, ExportedRow, HistoryRow, PasswordRow } from './vault.repository';

/** A row with its secrets opened, as an export writes it (the key order is the file's). */
export function decryptedEntry(vaultKey: Buffer, row: ExportedRow): ExportedEntry {
  return { ...plainFieldsOf(row), ...openSecrets(vaultKey, row) };
}

/** The plain columns of an entry as the vault stores them. */
export function storedFields(entry: EntryContent) {
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

/** The keys of a bulk write, the reuse-fingerprint key derived once for all of its entries. */
export type BulkKeys = Required<EntryKeys>;

/**
 * The id of the entry at `position` among those written together at `now` (an import's new entries, in
 * the file's order). They share a creation time when the file gives none, and the list orders them by
 * id within it: the file's first row gets the newest, so "Newest first" (the page's default) lists them
 * as the file does, whichever thread sealed them. A file under 20 MB holds far fewer rows than the
 * places an id tells apart.
 */
function importedEntryId(now: string, position: number): string {
  return newOrderedId(Date.parse(now), Math.max(0, ORDERED_ID_PLACES - 1 - position));
}

/**
 * A new entry of `userId` as stored: a new id, its secrets sealed for it, its health. `position`: its
 * place among the entries written together at `now` (an import's), which orders their ids.
 */
export function newEntryRow(
  keys: BulkKeys,
  userId: string,
  entry: EntryContent,
  now: string,
  position: number,
): NewPasswordRow {
  // The id comes first: the ciphertexts are bound to it.
  const id = importedEntryId(now, position);
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
}

/** The copies of a bulk write's keys that a task was given. */
type TaskKeys = { vault: Uint8Array; server: Uint8Array; fingerprint: Uint8Array };

/** Runs `work` with the task's copies of the keys, and wipes them when it ends, whatever the outcome. */
function withTaskKeys<T>(copies: TaskKeys, work: (keys: BulkKeys) => T): T {
  const keys: BulkKeys = {
    vault: keyInTask(copies.vault),
    server: keyInTask(copies.server),
    fingerprint: keyInTask(copies.fingerprint),
  };
  try {
    return work(keys);
  } finally {
    keys.vault.fill(0);
    keys.server.fill(0);
    keys.fingerprint.fill(0);
  }
}

export interface SealEntriesInput {
  /** Copies of the keys, wiped once the entries are sealed. */
  keys: TaskKeys;
  userId: string;
  now: string;
  entries: EntryContent[];
  /** The place of `entries[0]` among the new entries of the whole write (an import's, in its plan). */
  firstPosition: number;
  /** Rows per INSERT: a row's reuse count is made counting its batch (the vault's part is added on insert). */
  batchSize: number;
}

/** Task: the new rows of `entries`, in order, with their derived columns (vault.repository insertBatch). */
export function sealEntryRows(input: SealEntriesInput): StoredNewRow[] {
  return withTaskKeys(input.keys, (keys) => {
    const rows = input.entries.map((entry, i) =>
      newEntryRow(keys, input.userId, entry, input.now, input.firstPosition + i),
    );
    const stored: StoredNewRow[] = [];
    for (let start = 0; start < rows.length; start += input.batchSize) {
      const batch = rows.slice(start, start + input.batchSize);
      const shared = fingerprintCounts(batch);
      for (const row of batch)
        stored.push(storedRow(row, row.reuse_fp ? (shared.get(row.reuse_fp) ?? 0) : 0));
    }
    return stored;
  });
}

export const SEAL_ENTRY_ROWS = defineTask<SealEntriesInput, StoredNewRow[]>(__filename, 'sealEntryRows');

/** An entry an import overwrites: its new content, and what the vault holds of it now (null: gone). */
export interface Overwrite {
  id: string;
  entry: EntryContent;
  current: Pick<PasswordRow, 'id' | 'user_id' | 'password_enc' | 'password_changed_at'> | null;
}

export interface SealOverwritesInput {
  /** Copies of the keys, wiped once the entries are sealed. */
  keys: TaskKeys;
  userId: string;
  now: string;
  overwrites: Overwrite[];
}

/** What an overwrite writes: the entries' new columns, and a history row for each password it replaces. */
export interface SealedOverwrites {
  updates: EntryUpdate[];
  history: HistoryRow[];
}

/**
 * Task: the new columns of entries an import overwrites, each secret sealed for its entry as an edit
 * would, and the history rows that keep the passwords they replace (opened with the vault key first).
 */
export function sealOverwrites(input: SealOverwritesInput): SealedOverwrites {
  const { userId, now } = input;
  return withTaskKeys(input.keys, (keys) => {
    const replaced: ReplacedPassword[] = [];
    const updates = input.overwrites.map(({ id, entry, current }) => {
      const previous = current ? openPassword(keys.vault, current) : null;
      const changed = previous !== entry.password;
      if (changed && previous !== null) replaced.push({ userId, entryId: id, password: previous, now });
      return {
        id,
        ...storedFields(entry),
        ...sealSecrets(keys, userId, id, entry),
        password_changed_at: changed ? now : (current?.password_changed_at ?? now),
        updated_at: now,
      };
    });
    return { updates, history: historyRows(keys.vault, replaced) };
  });
}

export const SEAL_OVERWRITES = defineTask<SealOverwritesInput, SealedOverwrites>(
  __filename,
  'sealOverwrites',
);
