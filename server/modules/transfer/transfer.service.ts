// Export and import of a whole vault. The master password unlocks the vault key once per request; each
// secret is then encrypted (fresh nonce, bound to owner, entry and field) or decrypted with it in memory.
// An import is one transaction: all of its rows are written, or none.
import type { TransferFormat } from '../../../src/common/constants';
import type { ExportResponse, ImportOptions, ImportResult } from '../../../src/common/wire';
import type { AppContext } from '../../context';
import type { AuthInfo } from '../../plugins/authenticate';
import { entryIdentities, exportEntries, writeEntries } from '../vault/entries.bulk';
import { withVaultKey } from '../vault/masterPassword.service';
import { readImport } from './formats/detect';
import { writeCsvExport, writeJsonExport } from './formats/passvault';
import { modeOf, planImport } from './importPlan';
import { checkRow } from './importRows';

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
    const entries = await exportEntries(ctx.db, auth.userId, vaultKey);
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
      const plan = planImport(rows, mode === 'all' ? [] : await entryIdentities(trx, userId), mode);
      await writeEntries(trx, userId, vaultKey, plan, ctx.now().toISOString());
      const { imported, updated, skipped, errors } = plan;
      return { imported, updated, skipped, errors };
    }),
  );
}
