// Export and import of a whole vault. The master password unlocks the vault key once per request; each
// secret is then encrypted (fresh nonce, bound to owner, entry and field) or decrypted with it in memory.
// An import is one transaction: all of its rows are written, or none.
import type { TransferFormat } from '../../../src/common/constants';
import type { ExportResponse, ImportOptions, ImportResult } from '../../../src/common/wire';
import type { AppContext } from '../../context';
import { newId } from '../../crypto/tokens';
import type { AuthInfo } from '../../plugins/authenticate';
import { withVaultKey } from '../passwords/masterPassword.service';
import type { NewPasswordRow } from '../passwords/passwords.repository';
import { openSecrets, sealSecrets, toPasswordEntry } from '../passwords/passwords.service';
import { readImport } from './formats/detect';
import { writeCsvExport, writeJsonExport, type ExportedEntry } from './formats/passvault';
import type { EntryDraft } from './formats/types';
import { modeOf, planImport } from './importPlan';
import { checkRow } from './importRows';
import * as repo from './transfer.repository';

export const IMPORT_COMPLETED = 'Import completed successfully';

export function exportFilename(format: TransferFormat, now: Date): string {
  return `passwords_export_${now.toISOString().slice(0, 10)}.${format}`;
}

export function exportPasswords(
  ctx: AppContext,
  auth: AuthInfo,
  masterPassword: string,
  format: TransferFormat,
): Promise<ExportResponse> {
  return withVaultKey(ctx, auth, masterPassword, async (vaultKey) => {
    const rows = await repo.listEntriesWithSecrets(ctx.db, auth.userId);
    const entries: ExportedEntry[] = rows.map((row) => {
      const { _id: _unused, ...entry } = toPasswordEntry(row);
      return { ...entry, ...openSecrets(vaultKey, row) };
    });
    const now = ctx.now();
    const data = format === 'csv' ? writeCsvExport(entries) : writeJsonExport(entries, now);
    return { data, filename: exportFilename(format, now), format };
  });
}

export interface ImportRequest {
  masterPassword: string;
  data: string;
  options?: Partial<ImportOptions>;
}

export async function importPasswords(
  ctx: AppContext,
  auth: AuthInfo,
  request: ImportRequest,
): Promise<ImportResult> {
  // The file is read before the vault is unlocked: an unreadable one costs no Argon2 run.
  const rows = readImport(request.data).rows.map((row, i) => checkRow(row, i + 1));
  const mode = modeOf(request.options ?? {});
  const { userId } = auth;
  return withVaultKey(ctx, auth, request.masterPassword, (vaultKey) =>
    ctx.db.transaction().execute(async (trx) => {
      const plan = planImport(rows, mode === 'all' ? [] : await repo.listEntryIdentities(trx, userId), mode);
      const now = ctx.now().toISOString();
      const newRow = (entry: EntryDraft): NewPasswordRow => {
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
      for (const batch of chunks(plan.inserts)) {
        await repo.insertBatch(trx, batch.map(newRow));
      }
      for (const batch of chunks([...plan.updates])) {
        const updates = batch.map(([id, entry]) => ({
          id,
          ...storedFields(entry),
          ...sealSecrets(vaultKey, userId, id, entry),
          updated_at: now,
        }));
        await repo.updateBatch(trx, userId, updates);
      }
      const { imported, updated, skipped, errors } = plan;
      return { imported, updated, skipped, errors };
    }),
  );
}

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += repo.BATCH_SIZE) {
    result.push(items.slice(start, start + repo.BATCH_SIZE));
  }
  return result;
}

/** The plain columns of an entry as the vault stores them. */
function storedFields(entry: EntryDraft) {
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
