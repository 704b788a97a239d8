// Earlier passwords of an entry: each change keeps the one it replaced, sealed with the vault key, the
// newest HISTORY_KEPT per entry. Reading them takes the master password like every secret.
import type { HistoryItem } from '../../../src/common/wire';
import type { AppContext } from '../../context';
import { newId } from '../../crypto/tokens';
import type { AuthInfo } from '../../plugins/authenticate';
import { ENTRY_ID, entryNotFound } from './entryIds';
import { openHistoryPassword, sealHistoryPassword } from './entrySecrets';
import { withVaultKey } from './masterPassword.service';
import type { VaultCredential } from './vaultCredential';
import * as repo from './vault.repository';

export interface ReplacedPassword {
  userId: string;
  entryId: string;
  /** The password being replaced. */
  password: string;
  /** When it was replaced. */
  now: string;
}

/** The history rows of replaced passwords, ready to insert (in the caller's transaction). */
export function historyRows(vaultKey: Buffer, replaced: ReplacedPassword[]): repo.HistoryRow[] {
  return replaced.map(({ userId, entryId, password, now }) => {
    const row = { id: newId(), user_id: userId, entry_id: entryId, changed_at: now };
    return { ...row, password_enc: sealHistoryPassword(vaultKey, row, password) };
  });
}

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
