// The trash: a deleted entry leaves the vault (list, search, stats, dashboard, exports) at once and
// stays here, whole, for TRASH_DAYS; it can be restored unchanged or deleted for good before then.
import { TRASH_DAYS } from '../../../src/common/vaultCare';
import type { TrashedPasswordEntry } from '../../../src/common/wire';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import type { AuthInfo } from '../../plugins/authenticate';
import { ENTRY_ID, entryNotFound } from './entryIds';
import { withVaultKey } from './masterPassword.service';
import type { VaultCredential } from './vaultCredential';
import { toPasswordEntry } from './passwords.service';
import * as repo from './vault.repository';

export { TRASH_DAYS };
/** How often a running server purges what expired. */
export const TRASH_SWEEP_MS = 60 * 60 * 1000;

export async function listTrash(ctx: AppContext, userId: string): Promise<TrashedPasswordEntry[]> {
  const rows = await repo.listTrash(ctx.db, userId);
  return rows.map((row) => ({
    ...toPasswordEntry(row, ctx.serverKey, userId),
    deletedAt: row.deleted_at,
  }));
}

/** Puts a trashed entry back as it was: secrets, history, favourite, tags and dates. */
export async function restorePassword(ctx: AppContext, userId: string, id: string) {
  const row = ENTRY_ID.test(id)
    ? await ctx.db.transaction().execute(async (trx) => {
        await repo.lockVaultKeyRow(trx, userId);
        return repo.restoreFromTrash(trx, userId, id);
      })
    : undefined;
  if (!row) throw entryNotFound();
  return toPasswordEntry(row, ctx.serverKey, userId);
}

/** Deletes a trashed entry for good, with its history; takes the master password. */
export async function purgePassword(
  ctx: AppContext,
  auth: AuthInfo,
  id: string,
  credential: VaultCredential,
): Promise<void> {
  await withVaultKey(ctx, auth, credential, async () => {
    const purged =
      ENTRY_ID.test(id) &&
      (await ctx.db.transaction().execute((trx) => repo.purgeTrashed(trx, auth.userId, id)));
    if (!purged) throw entryNotFound();
  });
}

export const TRASH_THROUGH_INVALID = 'The time the trash was listed is not valid';

/**
 * Empty trash: deletes for good, with their history, the owner's trashed entries up to `through` (the
 * newest deletion the page showed); takes the master password. Answers how many were deleted.
 */
export async function emptyTrash(
  ctx: AppContext,
  auth: AuthInfo,
  through: string,
  credential: VaultCredential,
): Promise<number> {
  const at = Date.parse(through);
  if (Number.isNaN(at)) throw badRequest(TRASH_THROUGH_INVALID);
  return withVaultKey(ctx, auth, credential, () =>
    ctx.db.transaction().execute((trx) => repo.purgeUserTrash(trx, auth.userId, new Date(at).toISOString())),
  );
}

/** Deletes for good what has been in the trash longer than TRASH_DAYS; answers how many entries. */
export function sweepTrash(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - TRASH_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return ctx.db.transaction().execute((trx) => repo.purgeTrashBefore(trx, cutoff));
}
