// The vault as the account's life sees it: made with the account, counted for the settings page, and
// removed with the account. Other modules call these; the rows stay the vault module's.
import type { AppContext } from '../../context';
import type { WrappedVaultKey } from '../../crypto/vaultKey';
import type { Executor } from './vault.repository';
import {
  deleteSessionUnlockGrants,
  deleteUserUnlockGrants,
  deleteUserVault,
  insertVaultKey,
} from './vault.repository';
import { countByCategory, countEntries, listTagColumns } from './entryList.repository';

/** A new account's vault: its wrapped key (made at registration). */
export function createVault(trx: Executor, userId: string, wrapped: WrappedVaultKey): Promise<void> {
  return insertVaultKey(trx, userId, wrapped);
}

/** Every entry, the key and the master-password record of the user; run in the deletion's transaction. */
export function deleteVault(trx: Executor, userId: string): Promise<void> {
  return deleteUserVault(trx, userId);
}

export interface VaultCounts {
  total: number;
  favorites: number;
  categories: number;
  tags: number;
}

/** Distinct tags over every entry of the user. */
function countTags(tagColumns: string[]): number {
  const tags = new Set<string>();
  for (const column of tagColumns) {
    try {
      const parsed: unknown = JSON.parse(column);
      if (Array.isArray(parsed)) {
        for (const tag of parsed) if (typeof tag === 'string' && tag.trim()) tags.add(tag.trim());
      }
    } catch {
      // A malformed column counts no tags rather than failing the settings page.
    }
  }
  return tags.size;
}

/** What the settings page's Data Overview counts. */
export async function vaultCounts(ctx: AppContext, userId: string): Promise<VaultCounts> {
  const [byCategory, tagColumns] = await Promise.all([
    countByCategory(ctx.db, userId),
    listTagColumns(ctx.db, userId),
  ]);
  return {
    total: byCategory.reduce((sum, row) => sum + row.count, 0),
    favorites: byCategory.reduce((sum, row) => sum + row.favorites, 0),
    categories: byCategory.length,
    tags: countTags(tagColumns),
  };
}

/** How many entries the user has (the counter the triggers keep): the admin command's list. */
export function entryCount(ctx: AppContext, userId: string): Promise<number> {
  return countEntries(ctx.db, userId, {});
}

/**
 * Sessions were signed out: the unlock windows of their tabs end with them rather than when their
 * minutes run out (they could open nothing without the session, but their sealed keys need not stay).
 * `except`: the session that stays signed in.
 */
export function endSessionUnlockWindows(db: Executor, sessionId: string): Promise<void> {
  return deleteSessionUnlockGrants(db, sessionId);
}

export function endUserUnlockWindows(db: Executor, userId: string, except?: string): Promise<void> {
  return deleteUserUnlockGrants(db, userId, except);
}
