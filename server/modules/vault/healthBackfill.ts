// Entries saved before health was stored get theirs with the vault key an action just unlocked.
import type { Db } from '../../db/database';
import { openPassword } from './entrySecrets';
import { fingerprintKey, healthOf } from './health';
import * as repo from './vault.repository';

/** Entries whose health one unlock fills in at most (the rest at the next ones): bounds its cost. */
export const BACKFILL_PER_UNLOCK = 5000;

/** A password that does not open is left for `view` to report. */
export async function backfillHealth(db: Db, userId: string, vaultKey: Buffer): Promise<void> {
  const rows = await repo.listEntriesWithoutHealth(db, userId, BACKFILL_PER_UNLOCK);
  if (rows.length === 0) return;
  const key = fingerprintKey(vaultKey);
  const updates: repo.HealthUpdate[] = [];
  for (const row of rows) {
    const password = openPassword(vaultKey, row);
    if (password !== null) updates.push({ id: row.id, ...healthOf(key, password) });
  }
  key.fill(0);
  await db.transaction().execute(async (trx) => {
    await repo.lockVaultKeyRow(trx, userId);
    for (let start = 0; start < updates.length; start += repo.BATCH_SIZE) {
      await repo.setHealthBatch(trx, userId, updates.slice(start, start + repo.BATCH_SIZE));
    }
  });
}
