// Export and import of a whole vault. The master password unlocks the vault key once per request; each
// secret is then encrypted (fresh nonce, bound to owner, entry and field) or decrypted with it in memory.
// An export is streamed a window at a time; an import is one transaction: all of its rows are written,
// or none.
import type { TransferFormat } from '../../../src/common/constants';
import type { Readable } from 'node:stream';
import type { ImportOptions, ImportResult } from '../../../src/common/wire';
import type { AppContext } from '../../context';
import type { AuthInfo } from '../../plugins/authenticate';
import {
  afterBulkWrite,
  exportRowWindows,
  lockedEntryIdentities,
  prepareSealing,
  withBulkKeys,
} from '../vault/entries.bulk';
import { unlockVault, withVaultKey } from '../vault/masterPassword.service';
import type { VaultCredential } from '../vault/vaultCredential';
import { openExportStream } from './exportStream';
import { exportTexts } from './exportWindows';
import { workerPool } from '../../workers/workerPool';
import { readImport } from './formats/detect';
import { modeOf, planImport } from './importPlan';
import { checkRow } from './importRows';
import { sealAhead, writePlan, type ImportProgress } from './importWrites';

export const IMPORT_COMPLETED = 'Import completed successfully';

export function exportFilename(format: TransferFormat, now: Date): string {
  return `passwords_export_${now.toISOString().slice(0, 10)}.${format}`;
}

export interface ExportAnswer {
  filename: string;
  format: TransferFormat;
  /** The JSON answer, `{ success, filename, format, data }`, streamed (exportStream.ts). */
  body: Readable;
}

/**
 * Unlocks the vault key, then answers a stream that reads, decrypts and writes the entries a window at
 * a time. The key outlives this call: it is wiped when the stream ends, fails or is abandoned.
 */
export async function exportPasswords(
  ctx: AppContext,
  auth: AuthInfo,
  credential: VaultCredential,
  format: TransferFormat,
): Promise<ExportAnswer> {
  const vaultKey = await unlockVault(ctx, auth, credential);
  const exportedAt = ctx.now();
  const filename = exportFilename(format, exportedAt);
  const body = await openExportStream(
    { filename, format, exportedAt },
    exportTexts(workerPool(), exportRowWindows(ctx.db, auth.userId), { format, exportedAt, vaultKey }),
    () => vaultKey.fill(0),
  );
  return { filename, format, body };
}

export interface ImportRequest {
  /** The master password, or the session's unlock window. */
  credential: VaultCredential;
  data: string;
  options?: Partial<ImportOptions>;
}

/** `progress` hears how far the writes are (the dialog's progress bar, importStream.ts). */
export async function importPasswords(
  ctx: AppContext,
  auth: AuthInfo,
  request: ImportRequest,
  progress?: ImportProgress,
): Promise<ImportResult> {
  const pool = workerPool();
  prepareSealing(pool);
  // The file is read before the vault is unlocked: an unreadable one costs no Argon2 run.
  const rows = readImport(request.data).rows.map((row, i) => checkRow(row, i + 1));
  const mode = modeOf(request.options ?? {});
  const { userId } = auth;
  const result = await withVaultKey(ctx, auth, request.credential, (vaultKey) =>
    withBulkKeys({ vault: vaultKey, server: ctx.serverKey }, (keys) => {
      const now = ctx.now().toISOString();
      // The worker seals the first entries meanwhile: it would otherwise idle until the plan is made.
      const early = sealAhead(pool, keys, userId, rows, now);
      return ctx.db.transaction().execute(async (trx) => {
        const identities = mode === 'all' ? [] : await lockedEntryIdentities(trx, userId);
        const plan = planImport(rows, identities, mode);
        await writePlan(trx, pool, userId, keys, plan, now, progress, early);
        const { imported, updated, skipped, errors } = plan;
        return { imported, updated, skipped, errors };
      });
    }),
  );
  await afterBulkWrite(ctx.db, result.imported + result.updated);
  return result;
}
