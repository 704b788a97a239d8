// Earlier passwords of an entry: each change keeps the one it replaced, sealed with the vault key, the
// newest HISTORY_KEPT per entry. Reading them takes the master password like every secret.
import type { HistoryItem } from '../../../src/common/wire';
import type { AppContext } from '../../context';
import type { AuthInfo } from '../../plugins/authenticate';
import { ENTRY_ID, entryNotFound } from './entryIds';
import { historyRows, openHistoryPassword, type ReplacedPassword } from './entrySecrets';
import { withVaultKey } from './masterPassword.service';
import type { VaultCredential } from './vaultCredential';
import * as repo from './vault.repository';

/** Keeps a replaced password, in the caller's transaction. */
export async function keepInHistory(trx: repo.Executor, vaultKey: Buffer, replaced: ReplacedPassword) {
  await repo.insertHistory(trx, replaced.userId, historyRows(vaultKey, [replaced]));
}

/** The entry's earlier passwords, newest first (an entry in the trash has its history too). */
export function passwordHistory(
  ctx: AppContext,
  auth: AuthInfo,
  id: string,
  credential: VaultCredential,
): Promise<HistoryItem[]> {
  return withVaultKey(ctx, auth, credential, async (vaultKey) => {
    if (!ENTRY_ID.test(id) || !(await repo.entryExists(ctx.db, auth.userId, id))) throw entryNotFound();
    const rows = await repo.listHistory(ctx.db, auth.userId, id);
    return rows.map((row) => ({ password: openHistoryPassword(vaultKey, row), changedAt: row.changed_at }));
  });
}
